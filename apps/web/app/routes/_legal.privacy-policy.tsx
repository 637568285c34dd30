import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useTranslation } from 'react-i18next';

import { LegalText } from '~/components/LegalText';
import { i18nServer } from '~/i18n/i18next.server';
import { pageMeta } from '~/i18n/page-meta';
import { buildPageMeta } from '~/seo/page-meta.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  return buildPageMeta(request, `${t('legal.privacyPolicy')} · ${t('site.name')}`, t('legal.privacy.intro'));
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function PrivacyPolicy() {
  const { t } = useTranslation();
  return (
    <article>
      <h1>{t('legal.privacyPolicy')}</h1>
      <LegalText document="privacy" />
    </article>
  );
}
