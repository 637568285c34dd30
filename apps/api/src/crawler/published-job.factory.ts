import { DEFAULT_CURRENCY, SalaryPeriod } from '@aipm/contracts';
import type { CrawlResult, PublishedJob, PublishedJobCopy } from '@aipm/database';

/**
 * published_jobs keeps a monthly salary in whole currency units: a monthly range is copied, a yearly one is
 * divided by 12; daily and hourly pay has no honest monthly figure and is left out (the card shows 面议).
 */
function monthlySalary(result: Pick<CrawlResult, 'salaryMin' | 'salaryMax' | 'salaryPeriod'>): { salaryMin: number | null; salaryMax: number | null } {
  const divisor = result.salaryPeriod === SalaryPeriod.Month ? 1 : result.salaryPeriod === SalaryPeriod.Year ? 12 : null;
  if (divisor === null) return { salaryMin: null, salaryMax: null };
  const scale = (value: number | null) => (value === null ? null : Math.round(value / divisor));
  let salaryMin = scale(result.salaryMin);
  let salaryMax = scale(result.salaryMax);
  if (salaryMin !== null && salaryMax !== null && salaryMin > salaryMax) [salaryMin, salaryMax] = [salaryMax, salaryMin];
  return { salaryMin, salaryMax };
}

/**
 * The public job made from a reviewed result (its id and publishing time are the caller's): every field it copies
 * (PublishedJobCopy, from the contracts' CrawledJob; ADR 047), so the compiler asks for a field added there.
 */
export function publishedJobFrom(result: CrawlResult, publishedAt: Date): PublishedJobCopy & Pick<PublishedJob, 'crawlResultId' | 'publishedAt'> {
  return {
    crawlResultId: result.id,
    title: result.title,
    company: result.company,
    location: result.location,
    description: result.description,
    requirements: result.requirements,
    skillTags: result.skillTags ?? [],
    sourceUrl: result.sourceUrl,
    postedAt: result.postedAt,
    publishedAt,
    salaryCurrency: result.salaryCurrency && /^[A-Z]{3}$/.test(result.salaryCurrency) ? result.salaryCurrency : DEFAULT_CURRENCY,
    ...monthlySalary(result),
  };
}
