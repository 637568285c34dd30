import { useTranslate } from 'react-admin';

/** App bar title on pages that set none (react-admin does not translate a plain `title` string). */
export function AppTitle() {
  const translate = useTranslate();
  return <>{translate('aipm.title')}</>;
}
