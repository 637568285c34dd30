import { Link } from '@remix-run/react';

import { LanguageSwitcher } from '~/components/landing/LanguageSwitcher';
import { useTranslation } from '~/i18n/TranslationProvider';

/** The header of the site's own pages besides the landing (legal pages, the student's): its name home, the language. */
export function PageHeader() {
  const { t } = useTranslation();
  return (
    <header className="page__header page__header--row">
      <Link to="/" className="brand">
        {t('site.name')}
      </Link>
      <LanguageSwitcher />
    </header>
  );
}
