import { formatIsoDate, msUntilNextBusinessDay } from '@aipm/contracts';
import { useEffect, useState } from 'react';

import type { PublicSiteConfig } from '~/config/site-config';
import { useTranslation } from '~/i18n/TranslationProvider';
import { useLandingContent } from '~/landing-content/LandingContentProvider';

import { Section } from './Section';

/** Standard (recommended) leads to registration, enterprise to contact; exact plan prices are not shown (docs/product/public-site.md#pricing). */
const PLANS = [
  { id: 'standard', target: '#registration', recommended: true },
  { id: 'enterprise', target: '#contact', recommended: false },
] as const;

/**
 * The day in China once it has changed while the page is open, else null (the day the server rendered): an option
 * past its end date disappears at midnight without a reload. Only a midnight this page saw changes what it shows, so a
 * visitor's wrong clock cannot hide what the server offered.
 */
function useDayChangedSinceRender(): string | null {
  const [today, setToday] = useState<string | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      timer = setTimeout(() => {
        setToday(formatIsoDate(Date.now()));
        next();
      }, msUntilNextBusinessDay(Date.now()) + 1);
    };
    next();
    return () => clearTimeout(timer);
  }, []);
  return today;
}

/**
 * The fees come from the site settings (docs/product/public-site.md#site-settings-on-the-site); the promotions are the
 * ones still offered today (the loader drops an option past its end date, and an open page at midnight).
 */
export function Pricing({ site }: { site: PublicSiteConfig }) {
  const { t, list } = useTranslation();
  const { pricing } = useLandingContent();
  const today = useDayChangedSinceRender();
  const promotions = pricing.promotions
    .map((promotion) => ({ ...promotion, options: promotion.options.filter((option) => today === null || option.endsOn === null || option.endsOn >= today) }))
    .filter((promotion) => promotion.options.length > 0);
  return (
    <Section id="pricing" title={t('pricing.title')} subtitle={t('pricing.subtitle')} className="section--tinted">
      <ul className="grid grid--2">
        {PLANS.map((plan) => {
          const texts = pricing.plans[plan.id];
          return (
            <li key={plan.id} className={`card plan${plan.recommended ? ' plan--recommended' : ''}`}>
              {plan.recommended ? <p className="plan__badge">{t('pricing.recommended')}</p> : null}
              <h3>{texts.name}</h3>
              <p>{texts.description}</p>
              <p className="plan__price">
                {texts.price} <span className="muted">{texts.period}</span>
              </p>
              <p className="muted">{texts.priceSubtext}</p>
              <ul className="check-list">
                {texts.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <a className={`button${plan.recommended ? '' : ' button--ghost'}`} href={plan.target}>
                {texts.button}
              </a>
            </li>
          );
        })}
      </ul>
      <div className="card cost">
        <h3>{t('pricing.costTitle')}</h3>
        <p>{t('pricing.feeRange', site)}</p>
        {promotions.length > 0 && (
          <>
            <h4>{t('pricing.promotionsTitle')}</h4>
            <ul className="grid grid--3">
              {promotions.map((promotion) => (
                <li key={promotion.title}>
                  <h5>{promotion.title}</h5>
                  <ul>
                    {promotion.options.map((option) => (
                      <li key={option.text}>{option.text}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </>
        )}
        <p className="cost__note">{pricing.note}</p>
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
