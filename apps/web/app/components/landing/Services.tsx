import { useTranslation } from '~/i18n/TranslationProvider';

import { Section } from './Section';

export function Services() {
  const { t, list } = useTranslation();
  return (
    <Section id="services" title={t('services.title')} subtitle={t('services.subtitle')} className="section--tinted">
      <ul className="grid grid--3">
        {list('services.items').map((item) => (
          <li key={item.title} className="card">
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function Results() {
  const { t, list } = useTranslation();
  return (
    <Section id="results" title={t('results.title')} subtitle={t('results.subtitle')}>
      <ul className="grid grid--3">
        {list('results.items').map((item) => (
          <li key={item.name} className="card">
            <figure className="testimonial">
              <blockquote>{item.quote}</blockquote>
              <figcaption className="muted">{item.name}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
