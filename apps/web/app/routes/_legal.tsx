import { Link, Outlet } from '@remix-run/react';
import { useTranslation } from 'react-i18next';

import { LegalLinks } from '~/components/LegalLinks';

/** Shared frame of the three legal pages (pathless layout: adds no URL segment). */
export default function LegalLayout() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <header className="page__header">
        <Link to="/" className="brand">
          {t('site.name')}
        </Link>
      </header>
      <main>
        <Outlet />
      </main>
      <footer className="page__footer">
        <LegalLinks />
      </footer>
    </div>
  );
}
