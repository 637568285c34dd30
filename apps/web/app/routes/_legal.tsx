import { Link, Outlet } from '@remix-run/react';
import { useTranslation } from '~/i18n/TranslationProvider';

import { PageHeader } from '~/components/PageHeader';
import { LegalLinks } from '~/components/LegalLinks';

/** Shared frame of the three legal pages (pathless layout: adds no URL segment). */
export default function LegalLayout() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader />
      <main>
        <Outlet />
        <p>
          <Link to="/">{t('legal.backHome')}</Link>
        </p>
      </main>
      <footer className="page__footer">
        <LegalLinks />
      </footer>
    </div>
  );
}
