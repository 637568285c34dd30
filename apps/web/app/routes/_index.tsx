import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useTranslation } from 'react-i18next';

import { LegalLinks } from '~/components/LegalLinks';
import { i18nServer } from '~/i18n/i18next.server';
import { pageMeta, type PageMeta } from '~/i18n/page-meta';

export async function loader({ request }: LoaderFunctionArgs): Promise<PageMeta> {
  const t = await i18nServer.getFixedT(request);
  return { title: t('site.name'), description: t('site.tagline') };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

/** Placeholder landing page; the marketing sections come in their own issues. */
export default function Landing() {
  const { t } = useTranslation();
  return (
    <main className="page page--centered">
      <h1>{t('site.name')}</h1>
      <p className="lead">{t('site.tagline')}</p>
      <LegalLinks />
      {/* A document link: /admin is a separate app, outside the Remix router. */}
      <a className="button" href="/admin">
        {t('nav.admin')}
      </a>
    </main>
  );
}
