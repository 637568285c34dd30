import { Link } from '@remix-run/react';
import { useTranslation } from '~/i18n/TranslationProvider';

/**
 * docs/product/public-site.md#not-found-page fixes the heading and hint in English; the Chinese locale keeps
 * them verbatim and adds a Chinese description line so zh visitors still read what happened.
 */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="page page--centered">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.description')}</p>
      <p className="muted">{t('notFound.hint')}</p>
      <Link to="/">{t('nav.home')}</Link>
    </main>
  );
}

/** For React.lazy in root.tsx's error boundary. */
export default NotFound;
