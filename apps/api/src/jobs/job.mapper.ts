import type { PublicJob } from '@aipm/contracts';
import type { PublishedJob } from '@aipm/database';

/** Entities never cross the API boundary: the public card gets these fields only. */
export function toJobResponse(job: PublishedJob): PublicJob {
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
  };
}
