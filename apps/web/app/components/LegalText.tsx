import { formatDate, formatRetention } from '@aipm/contracts';
import { useRouteLoaderData } from '@remix-run/react';
import type { loader as rootLoader } from '~/root';
import { useTranslation } from '~/i18n/TranslationProvider';

import { LEGAL_LAST_UPDATED } from '~/seo/public-pages';

export type LegalDocument = 'privacy' | 'terms' | 'cookies';

/** The text of one legal page, shared by its route and the footer pop-up. */
export function LegalText({ document, headingLevel = 2 }: { document: LegalDocument; headingLevel?: 2 | 3 | 4 }) {
  const { t, list, language } = useTranslation();
  const Heading = `h${headingLevel}` as const;
  const sections = list(`legal.${document}.sections`);
  // The sales phone, office hours and the retention period come from the site settings (the root loader reads them).
  const legal = useRouteLoaderData<typeof rootLoader>('root')?.legal;
  const values: Record<string, string> = { phone: legal?.phone ?? '', hours: legal?.hours ?? '', retention: legal ? formatRetention(legal.retentionMonths, language) : '' };
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
  return (
    <div className="legal-text">
      <p className="muted">{t('legal.lastUpdated', { date: formatDate(LEGAL_LAST_UPDATED, language) })}</p>
      <p>{t(`legal.${document}.intro`)}</p>
      {document === 'cookies' ? (
        <table className="legal-table">
          <thead>
            <tr>
              <th scope="col">{t('legal.cookies.tableName')}</th>
              <th scope="col">{t('legal.cookies.tablePurpose')}</th>
              <th scope="col">{t('legal.cookies.tableLifetime')}</th>
            </tr>
          </thead>
          <tbody>
            {list('legal.cookies.items').map((item) => (
              <tr key={item.name}>
                <td>{item.name}</td>
                <td>{item.purpose}</td>
                <td>{item.lifetime}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {sections.map((section) => (
        <section key={section.title}>
          <Heading>{section.title}</Heading>
          {section.body.map((paragraph) => (
            <p key={paragraph}>{fill(paragraph)}</p>
          ))}
        </section>
      ))}
    </div>
  );
}
