import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useTranslation } from '~/i18n/TranslationProvider';

import { LegalText } from '~/components/LegalText';
import { requestTranslator } from '~/i18n/translations.server';
import { pageMeta } from '~/i18n/page-meta';
import { buildPageMeta } from '~/seo/page-meta.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const translator = await requestTranslator(request);
  const { t } = translator;
  return buildPageMeta(request, translator, `${t('legal.termsOfService')} · ${t('site.name')}`, t('legal.terms.intro'));
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function TermsOfService() {
  const { t } = useTranslation();
  return (
    <article>
      <h1>{t('legal.termsOfService')}</h1>
      <LegalText document="terms" />
    </article>
  );
}
