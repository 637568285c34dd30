import { Link } from '@remix-run/react';
import { useTranslation } from '~/i18n/TranslationProvider';

const LEGAL_PAGES = [
  { to: '/privacy-policy', labelKey: 'legal.privacyPolicy' },
  { to: '/terms-of-service', labelKey: 'legal.termsOfService' },
  { to: '/cookie-policy', labelKey: 'legal.cookiePolicy' },
] as const;

export function LegalLinks() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.legal')}>
      <ul className="link-list">
        {LEGAL_PAGES.map((page) => (
          <li key={page.to}>
            <Link to={page.to}>{t(page.labelKey)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
