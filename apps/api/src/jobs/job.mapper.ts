import { jobValidThrough, type PublicJob } from '@aipm/contracts';
import type { PublishedJob } from '@aipm/database';

/**
 * Entities never cross the API boundary: the public card gets these fields only. With `expiryDays` (the
 * crawler setting) the answer says when the job expires, unless it already expired once and was reactivated.
 */
export function toJobResponse(job: PublishedJob, expiryDays?: number): PublicJob {
  return {
    id: job.id,
    title: job.title,
    company: job.company,
    companyLogo: job.companyLogo,
    location: job.location,
    remote: job.remote,
    employmentType: job.employmentType,
    salaryMin: job.salaryMin,
    salaryMax: job.salaryMax,
    salaryCurrency: job.salaryCurrency,
    description: job.description,
    requirements: job.requirements,
    skillTags: job.skillTags ?? [],
    sourceUrl: job.sourceUrl,
    postedAt: (job.postedAt ?? job.publishedAt).toISOString(),
    ...(expiryDays !== undefined && !job.expiredAt ? { validThrough: jobValidThrough(job.publishedAt, expiryDays).toISOString() } : {}),
  };
}
