import { useState } from 'react';
import { useTranslation } from '~/i18n/TranslationProvider';
import { useLandingContent } from '~/landing-content/LandingContentProvider';

import { Section } from './Section';

const initial = (name: string) => name.trim().charAt(0);

/** Photos when uploaded (initials otherwise). Three core instructors always; the seven others (ids 4–10) behind view more / collapse, collapsed at first. */
export function Instructors() {
  const { t } = useTranslation();
  const { instructors } = useLandingContent();
  const [expanded, setExpanded] = useState(false);
  return (
    <Section id="instructors" title={t('instructors.title')} subtitle={t('instructors.subtitle')}>
      <ul className="grid grid--3">
        {instructors.core.map((instructor) => (
          <li key={instructor.name} className="card instructor">
            {instructor.photo ? (
              <img className="avatar" src={instructor.photo.src} alt={instructor.photo.alt} width="64" height="64" loading="lazy" decoding="async" />
            ) : (
              <span className="avatar" aria-hidden="true">
                {initial(instructor.name)}
              </span>
            )}
            <h3>{instructor.name}</h3>
            <p className="instructor__title">{instructor.title}</p>
            <p>{instructor.bio}</p>
            <p className="muted">
              {t('instructors.experience')}: {instructor.experience} · {instructor.specialization}
            </p>
            <ul className="instructor__achievements">
              {instructor.achievements.map((achievement) => (
                <li key={achievement}>{achievement}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <div className="center">
        <button type="button" className="button button--ghost" data-js-only aria-expanded={expanded} aria-controls="instructors-more" onClick={() => setExpanded((open) => !open)}>
          {expanded ? t('instructors.collapse') : t('instructors.viewMore')}
        </button>
      </div>
      <div id="instructors-more" className="instructors__more" hidden={!expanded}>
        <h3 className="visually-hidden">{t('instructors.moreTitle')}</h3>
        <ul className="grid grid--compact">
          {instructors.more.map((instructor) => (
            <li key={instructor.name} className="card card--compact">
              {instructor.photo ? (
                <img className="avatar avatar--small" src={instructor.photo.src} alt={instructor.photo.alt} width="44" height="44" loading="lazy" decoding="async" />
              ) : (
                <span className="avatar avatar--small" aria-hidden="true">
                  {initial(instructor.name)}
                </span>
              )}
              <div>
                <h4>{instructor.name}</h4>
                <p className="muted">
                  {instructor.title} · {instructor.specialization}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
