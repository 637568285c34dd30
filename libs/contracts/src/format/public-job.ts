import type { EmploymentType } from '../enums/jobs.enums';

/** A published job as GET /api/jobs returns it and the public job card formats it (dates as ISO strings). */
export interface PublicJob {
  id: string;
  title: string;
  company: string;
  companyLogo: string | null;
  location: string | null;
  remote: boolean;
  employmentType: EmploymentType | null;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string;
  description: string | null;
  requirements: string | null;
  skillTags: string[];
  sourceUrl: string;
  /** When the employer posted it, or when it was published here if the site gave no date. */
  postedAt: string;
  /**
   * When the posting expires here (published + the job_expiry_days setting), the JobPosting's validThrough.
   * Absent when it does not expire: an operator activated it again after it expired (ADR 020).
   */
  validThrough?: string;
}

/** The public job list: default and largest page size of GET /api/jobs (docs/product/constants.md#page-sizes). */
export const PUBLIC_JOBS_DEFAULT_LIMIT = 6;
export const PUBLIC_JOBS_MAX_LIMIT = 50;

/** Skill tags shown on a public card before the "+N" badge (docs/product/public-site.md#job-card). */
export const PUBLIC_JOB_VISIBLE_TAGS = 3;

/** The tags to show and how many are left for the "+N" badge. */
export function visibleSkillTags(tags: readonly string[], visible = PUBLIC_JOB_VISIBLE_TAGS): { shown: string[]; more: number } {
  return { shown: tags.slice(0, visible), more: Math.max(0, tags.length - visible) };
}
