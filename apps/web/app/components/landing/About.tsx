import { useTranslation } from '~/i18n/TranslationProvider';
import { useLandingContent } from '~/landing-content/LandingContentProvider';

import { Section } from './Section';

export function About() {
  const { t } = useTranslation();
  const { about } = useLandingContent();
  return (
    <Section id="about" title={t('about.title')}>
      <div className="about">
        <div>
          <h3>{t('about.missionTitle')}</h3>
          <p>{about.mission}</p>
          <blockquote className="about__slogan">{about.slogan}</blockquote>
        </div>
        <div>
          <h3>{t('about.advantagesTitle')}</h3>
          <ol className="card-list card-list--numbered">
            {about.advantages.map((advantage) => (
              <li key={advantage.title} className="card">
                <h4>{advantage.title}</h4>
                <p>{advantage.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </Section>
  );
}
