import { Link, Outlet } from '@remix-run/react';
import { useTranslation } from '~/i18n/TranslationProvider';

import { LanguageSwitcher } from '~/components/landing/LanguageSwitcher';
import { LegalLinks } from '~/components/LegalLinks';

/** Shared frame of the three legal pages (pathless layout: adds no URL segment). */
export default function LegalLayout() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <header className="page__header page__header--row">
        <Link to="/" className="brand">
          {t('site.name')}
        </Link>
        <LanguageSwitcher />
      </header>
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
