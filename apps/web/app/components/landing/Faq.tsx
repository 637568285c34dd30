import { useState } from 'react';
import { useTranslation } from '~/i18n/TranslationProvider';
import { useLandingContent } from '~/landing-content/LandingContentProvider';

import { Section } from './Section';

/** Four questions; the first open at start, one open at a time, the open one closes on click. */
export function Faq() {
  const { t } = useTranslation();
  const { faq } = useLandingContent();
  const [open, setOpen] = useState<number | null>(0);
  return (
    <Section id="faq" title={t('faq.title')}>
      <ul className="accordion">
        {faq.items.map((item, index) => {
          const expanded = open === index;
          return (
            <li key={item.question} className="accordion__item">
              <h3 className="accordion__heading">
                <button type="button" className="accordion__trigger" id={`faq-trigger-${index}`} aria-expanded={expanded} aria-controls={`faq-panel-${index}`} onClick={() => setOpen(expanded ? null : index)}>
                  {item.question}
                </button>
              </h3>
              <div id={`faq-panel-${index}`} role="region" aria-labelledby={`faq-trigger-${index}`} className="accordion__panel" data-nojs-show hidden={!expanded}>
                {/* The cohort answer names the start from the site settings (filled by the loader). */}
                <p>{item.answer}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
