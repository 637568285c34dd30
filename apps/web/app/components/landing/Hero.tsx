import type { MeasuredHeroStats, PublicSiteConfig } from '~/config/site-config';
import { useTranslation } from '~/i18n/TranslationProvider';

/**
 * The badge names the next cohort from the site settings (docs/product/public-site.md#hero); a figure the settings take
 * from the outcomes report shows its measured value and what it was measured on instead of the text's.
 */
export function Hero({ site, measured }: { site: PublicSiteConfig; measured: MeasuredHeroStats }) {
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
          {stats.map((stat) => {
            const figure = measured[stat.id as keyof MeasuredHeroStats];
            return (
              <div key={stat.id} className="hero__stat">
                <dt>{stat.label}</dt>
                <dd>{figure ? figure.value : stat.value}</dd>
                {figure && <dd>{figure.note}</dd>}
              </div>
            );
          })}
        </dl>
      </div>
    </section>
  );
}
