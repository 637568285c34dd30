import { useTranslation } from '~/i18n/TranslationProvider';
import { useLandingContent } from '~/landing-content/LandingContentProvider';

import { Section } from './Section';

export function Features() {
  const { t } = useTranslation();
  const { features } = useLandingContent();
  return (
    <Section id="features" title={t('features.title')} subtitle={t('features.subtitle')}>
      <ul className="grid grid--3">
        {features.cards.map((card) => (
          <li key={card.title} className="card feature-card">
            {/* SVG, not emoji: an emoji shows as an empty box where no emoji font is installed. */}
            <img className="feature-card__icon" src={`/images/icons/${card.icon}.svg`} alt="" width="40" height="40" loading="lazy" decoding="async" />
            <h3>{card.title}</h3>
            <p>{card.text}</p>
          </li>
        ))}
      </ul>
      <div className="training-mode">
        <div>
          <h3>{t('features.modeTitle')}</h3>
          <p>{features.mode}</p>
        </div>
        <img className="training-mode__image" src={features.scene?.src ?? '/images/training-scene.svg'} alt={features.scene?.alt ?? features.sceneAlt} width="640" height="400" loading="lazy" decoding="async" />
      </div>
    </Section>
  );
}
