import { useTranslation } from '~/i18n/TranslationProvider';

import { Section } from './Section';

const ICONS = ['📘', '🛠️', '💼', '🧑‍🏫', '🤝', '🎓'];

export function Features() {
  const { t, list } = useTranslation();
  return (
    <Section id="features" title={t('features.title')} subtitle={t('features.subtitle')}>
      <ul className="grid grid--3">
        {list('features.cards').map((card, index) => (
          <li key={card.title} className="card feature-card">
            <span className="feature-card__icon" aria-hidden="true">
              {ICONS[index]}
            </span>
            <h3>{card.title}</h3>
            <p>{card.text}</p>
          </li>
        ))}
      </ul>
      <div className="training-mode">
        <div>
          <h3>{t('features.modeTitle')}</h3>
          <p>{t('features.mode')}</p>
        </div>
        <img className="training-mode__image" src="/images/training-scene.svg" alt={t('features.sceneAlt')} width="640" height="400" loading="lazy" decoding="async" />
      </div>
    </Section>
  );
}
