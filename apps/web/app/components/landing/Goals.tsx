import { useTranslation } from '~/i18n/TranslationProvider';

import { PARTNERS } from './partners';
import { Section } from './Section';

export function Goals() {
  const { t, list } = useTranslation();
  return (
    <Section id="training-goals" title={t('goals.title')} subtitle={t('goals.subtitle')}>
      <ul className="grid grid--4">
        {list('goals.cards').map((card) => (
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
            {list('goals.positions').map((position) => (
              <li key={position} className="tag tag--large">
                {position}
              </li>
            ))}
          </ul>
        </div>
        {/* The guarantee's figures are deliberately not shown (docs/product/public-site.md#training-goals): only what the agreement covers. */}
        <div className="guarantee-box">
          <h3>{t('goals.guaranteeTitle')}</h3>
          <ul>
            <li>{t('goals.guaranteeTarget')}</li>
            <li>{t('goals.guaranteeRefund')}</li>
            <li>{t('goals.guaranteeBonus')}</li>
          </ul>
          <p className="muted">{t('goals.guaranteeNote')}</p>
        </div>
      </div>
      <h3 className="partners__title">{t('goals.partnersTitle')}</h3>
      <ul className="partner-wall">
        {PARTNERS.map((partner) => (
          <li key={partner.slug}>
            <img src={`/images/partners/${partner.slug}.svg`} alt={t('goals.partnerLogoAlt', { name: partner.name })} width="160" height="64" loading="lazy" decoding="async" />
          </li>
        ))}
      </ul>
      <p className="partners__text">{t('goals.partnersText')}</p>
    </Section>
  );
}
