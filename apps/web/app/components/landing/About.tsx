import { useTranslation } from '~/i18n/TranslationProvider';

import { Section } from './Section';

export function About() {
  const { t, list } = useTranslation();
  return (
    <Section id="about" title={t('about.title')}>
      <div className="about">
        <div>
          <h3>{t('about.missionTitle')}</h3>
          <p>{t('about.mission')}</p>
          <blockquote className="about__slogan">{t('about.slogan')}</blockquote>
        </div>
        <div>
          <h3>{t('about.advantagesTitle')}</h3>
          <ol className="card-list card-list--numbered">
            {list('about.advantages').map((advantage) => (
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
