import { useState } from 'react';
import { useTranslation } from '~/i18n/TranslationProvider';
import { useLandingContent } from '~/landing-content/LandingContentProvider';

import { Section } from './Section';

type CourseModule = { id: string; title: string; description: string; days: number; keyTopics: string[]; exercises: string[] };

function ModuleDetail({ module }: { module: CourseModule }) {
  const { t } = useTranslation();
  return (
    <>
      <p>{module.description}</p>
      <ul className="tag-list">
        <li className="tag">{t('courses.formats.lecture')}</li>
        <li className="tag">{t('courses.formats.discussion')}</li>
        <li className="tag">{t('courses.formats.practice')}</li>
      </ul>
      <div className="module-detail__columns">
        <div>
          <h4>{t('courses.keyTopics')}</h4>
          <ul>
            {module.keyTopics.map((topic) => (
              <li key={topic}>{topic}</li>
            ))}
          </ul>
        </div>
        <div>
          <h4>{t('courses.exercises')}</h4>
          <ul>
            {module.exercises.map((exercise) => (
              <li key={exercise}>{exercise}</li>
            ))}
          </ul>
        </div>
      </div>
    </>
  );
}

/**
 * Large screens: a list selecting a module (the first at start) and a detail panel. Small screens
 * (≤ 768 px, switched in CSS): an accordion, none open at first, one at a time.
 */
export function Courses() {
  const { t } = useTranslation();
  const modules = useLandingContent().courses.modules;
  const [selected, setSelected] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const current = modules[selected] ?? modules[0];

  return (
    <Section id="courses" title={t('courses.title')} subtitle={t('courses.subtitle')}>
      <div className="courses__list-view">
        <ul className="courses__list" aria-label={t('courses.modulesLabel')}>
          {modules.map((module, index) => (
            <li key={module.id}>
              <button type="button" className="courses__item" aria-pressed={index === selected} aria-controls="course-detail" onClick={() => setSelected(index)}>
                <span className="courses__number">{module.id}</span>
                <span className="courses__name">{module.title}</span>
                <span className="courses__days">{t('courses.duration', { count: module.days })}</span>
              </button>
            </li>
          ))}
        </ul>
        {current ? (
          <article id="course-detail" className="card module-detail" aria-live="polite">
            <h3>
              <span className="courses__number">{current.id}</span> {current.title}
            </h3>
            <p className="muted">{t('courses.duration', { count: current.days })}</p>
            <ModuleDetail module={current} />
          </article>
        ) : null}
      </div>
      <ul className="courses__accordion accordion">
        {modules.map((module, index) => {
          const expanded = open === index;
          return (
            <li key={module.id} className="accordion__item">
              <h3 className="accordion__heading">
                <button
                  type="button"
                  className="accordion__trigger"
                  aria-expanded={expanded}
                  aria-controls={`course-panel-${module.id}`}
                  id={`course-trigger-${module.id}`}
                  onClick={() => setOpen(expanded ? null : index)}
                >
                  <span className="courses__number">{module.id}</span>
                  <span className="courses__name">{module.title}</span>
                  <span className="courses__days">{t('courses.duration', { count: module.days })}</span>
                </button>
              </h3>
              <div id={`course-panel-${module.id}`} role="region" aria-labelledby={`course-trigger-${module.id}`} className="accordion__panel" data-nojs-show hidden={!expanded}>
                <ModuleDetail module={module} />
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
