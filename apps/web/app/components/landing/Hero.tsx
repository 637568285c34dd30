import type { MeasuredHeroStats } from '~/config/site-config';
import { useTranslation } from '~/i18n/TranslationProvider';
import { useLandingContent } from '~/landing-content/LandingContentProvider';

/**
 * The badge names the next cohort from the site settings (docs/product/public-site.md#hero); a figure the settings take
 * from the outcomes report shows its measured value and what it was measured on instead of the text's.
 */
export function Hero({ measured }: { measured: MeasuredHeroStats }) {
  const { t } = useTranslation();
  const { hero } = useLandingContent();
  return (
    <section id="home" className="hero" aria-labelledby="home-title">
      <div className="hero__inner">
        <p className="hero__badge">{hero.badge}</p>
        <h1 id="home-title" className="hero__title">
          {hero.title}
        </h1>
        <p className="hero__subtitle">{hero.subtitle}</p>
        <div className="hero__actions">
          <a className="button button--large" href="#courses">
            {t('hero.startLearning')}
          </a>
          <a className="button button--large button--ghost" href="#contact">
            {t('hero.freeConsultation')}
          </a>
        </div>
        <dl className="hero__stats" aria-label={t('hero.statsLabel')}>
          {hero.stats.map((stat) => {
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
