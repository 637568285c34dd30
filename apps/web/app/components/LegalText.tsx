import { formatDate } from '@aipm/contracts';
import { useTranslation } from '~/i18n/TranslationProvider';

import { LEGAL_LAST_UPDATED } from '~/seo/public-pages';

export type LegalDocument = 'privacy' | 'terms' | 'cookies';

/** The text of one legal page, shared by its route and the footer pop-up. */
export function LegalText({ document, headingLevel = 2 }: { document: LegalDocument; headingLevel?: 2 | 3 | 4 }) {
  const { t, list, language } = useTranslation();
  const Heading = `h${headingLevel}` as const;
  const sections = list(`legal.${document}.sections`);
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
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </div>
  );
}
