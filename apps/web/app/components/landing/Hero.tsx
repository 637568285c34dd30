import type { PublicSiteConfig } from '~/config/site-config';
import { useTranslation } from '~/i18n/TranslationProvider';

/** The badge names the next cohort from the site settings (docs/product/public-site.md#hero). */
export function Hero({ site }: { site: PublicSiteConfig }) {
  const { t, list } = useTranslation();
  const stats = list('hero.stats');
  return (
    <section id="home" className="hero" aria-labelledby="home-title">
      <div className="hero__inner">
        <p className="hero__badge">{t('hero.badge', site)}</p>
        <h1 id="home-title" className="hero__title">
          {t('hero.title')}
        </h1>
        <p className="hero__subtitle">{t('hero.subtitle')}</p>
        <div className="hero__actions">
          <a className="button button--large" href="#courses">
            {t('hero.startLearning')}
          </a>
          <a className="button button--large button--ghost" href="#contact">
            {t('hero.freeConsultation')}
          </a>
        </div>
        <dl className="hero__stats" aria-label={t('hero.statsLabel')}>
          {stats.map((stat) => (
            <div key={stat.label} className="hero__stat">
              <dt>{stat.label}</dt>
              <dd>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
