import { formatPostedTime, formatSalary, type PublicJob, visibleSkillTags } from '@aipm/contracts';
import { useTranslation } from '~/i18n/TranslationProvider';

export function JobCard({ job, now }: { job: PublicJob; now: string }) {
  const { t, language } = useTranslation();
  const salary = formatSalary(job, language);
  const { shown, more } = visibleSkillTags(job.skillTags);
  return (
    <article className="card job-card" aria-labelledby={`job-${job.id}-title`}>
      <header className="job-card__header">
        <h3 id={`job-${job.id}-title`}>{job.title}</h3>
        <p className="job-card__salary">{salary ?? t('jobs.salaryNegotiable')}</p>
      </header>
      <p className="job-card__company">{job.company}</p>
      <ul className="job-card__meta">
        {job.location ? <li>{job.location}</li> : null}
        {job.employmentType ? <li>{t(`jobs.types.${job.employmentType}`)}</li> : null}
        {job.remote ? <li>{t('jobs.remote')}</li> : null}
        <li>
          <time dateTime={job.postedAt}>{formatPostedTime(job.postedAt, now, language)}</time>
        </li>
      </ul>
      {shown.length > 0 ? (
        <ul className="tag-list">
          {shown.map((tag) => (
            <li key={tag} className="tag">
              {tag}
            </li>
          ))}
          {more > 0 ? (
            <li className="tag tag--more" title={t('jobs.moreTagsLabel', { count: more })}>
              <span aria-hidden="true">{t('jobs.moreTags', { count: more })}</span>
              <span className="visually-hidden">{t('jobs.moreTagsLabel', { count: more })}</span>
            </li>
          ) : null}
        </ul>
      ) : null}
      {job.description ? <p className="job-card__description">{job.description}</p> : null}
      {job.requirements ? (
        <p className="job-card__requirements">
          <strong>{t('jobs.requirements')}：</strong>
          {job.requirements}
        </p>
      ) : null}
      <a className="button button--small" href={job.sourceUrl} target="_blank" rel="noopener noreferrer" aria-label={t('jobs.applyLabel', { title: job.title, company: job.company })}>
        {t('jobs.apply')}
      </a>
    </article>
  );
}
