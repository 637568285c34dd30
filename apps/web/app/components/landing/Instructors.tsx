import type { ShownImage } from '@aipm/contracts';
import { useState } from 'react';
import { useTranslation } from '~/i18n/TranslationProvider';
import { useLandingContent } from '~/landing-content/LandingContentProvider';

import { Section } from './Section';

/** The uploaded photo, or the name's initial (hidden from screen readers: the name follows). */
function Avatar({ name, photo, size }: { name: string; photo?: ShownImage | null; size: number }) {
  const className = size < 64 ? 'avatar avatar--small' : 'avatar';
  return photo ? (
    <img className={className} src={photo.src} alt={photo.alt} width={size} height={size} loading="lazy" decoding="async" />
  ) : (
    <span className={className} aria-hidden="true">
      {name.trim().charAt(0)}
    </span>
  );
}

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
            <Avatar name={instructor.name} photo={instructor.photo} size={64} />
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
              <Avatar name={instructor.name} photo={instructor.photo} size={44} />
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
