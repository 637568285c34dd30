import { useTranslation } from '~/i18n/TranslationProvider';
import { useLandingContent } from '~/landing-content/LandingContentProvider';

import { Section } from './Section';

export function Goals() {
  const { t } = useTranslation();
  // The wall arrives decided (pageTexts): the uploaded logos, or the built-in 18.
  const { goals, partners = [] } = useLandingContent();
  const { guarantee } = goals;
  const figures = [
    { label: t('goals.guaranteeTarget'), value: guarantee.target },
    { label: t('goals.guaranteeRefund'), value: guarantee.refund },
    { label: t('goals.guaranteeBonus'), value: guarantee.bonus },
  ].filter((figure) => figure.value.trim() !== '');
  return (
    <Section id="training-goals" title={t('goals.title')} subtitle={t('goals.subtitle')}>
      <ul className="grid grid--4">
        {goals.cards.map((card) => (
          <li key={card.title} className="card">
            <h3>{card.title}</h3>
            <p>{card.text}</p>
          </li>
        ))}
      </ul>
      <div className="goals__row">
        <div>
          <h3>{t('goals.positionsTitle')}</h3>
          <ul className="tag-list">
            {goals.positions.map((position) => (
              <li key={position} className="tag tag--large">
                {position}
              </li>
            ))}
          </ul>
        </div>
        {/* Each figure as the school states it; one it prefers not to state is left out, and with none only the sentence shows (docs/product/public-site.md#training-goals). */}
        <div className="guarantee-box">
          <h3>{t('goals.guaranteeTitle')}</h3>
          {figures.length > 0 && (
            <dl className="guarantee-box__figures">
              {figures.map((figure) => (
                <div key={figure.label}>
                  <dt>{figure.label}</dt>
                  <dd>{figure.value}</dd>
                </div>
              ))}
            </dl>
          )}
          <p className="muted">{guarantee.note}</p>
        </div>
      </div>
      <h3 className="partners__title">{t('goals.partnersTitle')}</h3>
      <ul className="partner-wall">
        {partners.map((logo) => (
          <li key={logo.src}>
            <img src={logo.src} alt={logo.alt} width="160" height="64" loading="lazy" decoding="async" />
          </li>
        ))}
      </ul>
      <p className="partners__text">{t('goals.partnersText')}</p>
    </Section>
  );
}
