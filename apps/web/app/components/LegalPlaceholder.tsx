import { useTranslation } from 'react-i18next';

import type { LEGAL_PAGES } from './LegalLinks';

type LegalTitleKey = (typeof LEGAL_PAGES)[number]['labelKey'];

/** Title plus "content coming" until the legal texts are written. */
export function LegalPlaceholder({ titleKey }: { titleKey: LegalTitleKey }) {
  const { t } = useTranslation();
  return (
    <article>
      <h1>{t(titleKey)}</h1>
      <p>{t('legal.comingSoon')}</p>
    </article>
  );
}

/** `<title>` of a legal page, built in its loader. */
export function legalPageTitle(t: (key: LegalTitleKey | 'site.name') => string, titleKey: LegalTitleKey): string {
  return `${t(titleKey)} · ${t('site.name')}`;
}
