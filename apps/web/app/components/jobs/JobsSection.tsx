import { PUBLIC_JOBS_MAX_LIMIT } from '@aipm/contracts';
import { useTranslation } from '~/i18n/TranslationProvider';

import { Section } from '~/components/landing/Section';
import { useJobs } from '~/hooks/useJobs';
import type { InitialJobs } from '~/jobs/jobs.server';

import { JobCard } from './JobCard';

/**
 * Live job postings (anchor `jobs`): loading skeleton with one card per requested job, error with
 * retry, empty text, or the grid; view-all only when the answer filled the limit and the option is on.
 */
export function JobsSection({ initial, showViewAll = true }: { initial: InitialJobs; showViewAll?: boolean }) {
  const { t } = useTranslation();
  const { state, limit, refetch, showMore } = useJobs(initial, initial.limit);

  return (
    <Section id="jobs" title={t('jobs.title')} subtitle={t('jobs.subtitle')}>
      <div className="jobs__toolbar" data-js-only>
        <button type="button" className="button button--ghost button--small" onClick={refetch} disabled={state.status === 'loading'}>
          {t('jobs.refresh')}
        </button>
      </div>
      <div aria-live="polite" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' ? (
          <ul className="grid grid--3" aria-label={t('jobs.loading')}>
            {Array.from({ length: limit }, (_, index) => (
              <li key={index} className="card job-card job-card--skeleton" data-testid="job-skeleton" aria-hidden="true">
                <span className="skeleton skeleton--title" />
                <span className="skeleton" />
                <span className="skeleton" />
              </li>
            ))}
          </ul>
        ) : null}
        {state.status === 'error' ? (
          <div className="jobs__message" role="alert">
            <p>{t('common.error')}</p>
            <button type="button" className="button" onClick={refetch} data-js-only>
              {t('common.retry')}
            </button>
          </div>
        ) : null}
        {state.status === 'loaded' && state.jobs.length === 0 ? <p className="jobs__message">{t('jobs.empty')}</p> : null}
        {state.status === 'loaded' && state.jobs.length > 0 ? (
          <ul className="grid grid--3">
            {state.jobs.map((job) => (
              <li key={job.id}>
                <JobCard job={job} now={state.now} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {showViewAll && state.status === 'loaded' && state.jobs.length >= limit && limit < PUBLIC_JOBS_MAX_LIMIT ? (
        <div className="center">
          <button type="button" className="button button--ghost" data-js-only onClick={() => showMore(PUBLIC_JOBS_MAX_LIMIT)}>
            {t('jobs.viewAll')}
          </button>
        </div>
      ) : null}
    </Section>
  );
}
