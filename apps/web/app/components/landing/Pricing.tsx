import type { PublicSiteConfig } from '~/config/site-config';
import { useTranslation } from '~/i18n/TranslationProvider';

import { Section } from './Section';

/** Standard (recommended) leads to registration, enterprise to contact; exact plan prices are not shown (docs/product/public-site.md#pricing). */
const PLANS = [
  { id: 'standard', target: '#registration', recommended: true },
  { id: 'enterprise', target: '#contact', recommended: false },
] as const;

const PROMOTIONS = ['earlyBird', 'group', 'referral'] as const;

/** The fees come from the site settings (docs/product/public-site.md#site-settings-on-the-site). */
export function Pricing({ site }: { site: PublicSiteConfig }) {
  const { t, list } = useTranslation();
  return (
    <Section id="pricing" title={t('pricing.title')} subtitle={t('pricing.subtitle')} className="section--tinted">
      <ul className="grid grid--2">
        {PLANS.map((plan) => (
          <li key={plan.id} className={`card plan${plan.recommended ? ' plan--recommended' : ''}`}>
            {plan.recommended ? <p className="plan__badge">{t('pricing.recommended')}</p> : null}
            <h3>{t(`pricing.plans.${plan.id}.name`)}</h3>
            <p>{t(`pricing.plans.${plan.id}.description`)}</p>
            <p className="plan__price">
              {t(`pricing.plans.${plan.id}.price`, site)} <span className="muted">{t(`pricing.plans.${plan.id}.period`)}</span>
            </p>
            <p className="muted">{t(`pricing.plans.${plan.id}.priceSubtext`)}</p>
            <ul className="check-list">
              {list(`pricing.plans.${plan.id}.features`).map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <a className={`button${plan.recommended ? '' : ' button--ghost'}`} href={plan.target}>
              {t(`pricing.plans.${plan.id}.button`)}
            </a>
          </li>
        ))}
      </ul>
      <div className="card cost">
        <h3>{t('pricing.costTitle')}</h3>
        <p>{t('pricing.feeRange', site)}</p>
        <h4>{t('pricing.promotionsTitle')}</h4>
        <ul className="grid grid--3">
          {PROMOTIONS.map((promotion) => (
            <li key={promotion}>
              <h5>{t(`pricing.promotions.${promotion}.title`)}</h5>
              <ul>
                {list(`pricing.promotions.${promotion}.options`).map((option) => (
                  <li key={option}>{option}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <p className="cost__note">{t('pricing.note')}</p>
      </div>
      <div className="grid grid--3">
        {(['audience', 'requirements', 'guarantee'] as const).map((group) => (
          <div key={group} className="card">
            <h3>{t(`pricing.${group}Title`)}</h3>
            <ul className="check-list">
              {list(`pricing.${group}`).map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Section>
  );
}
