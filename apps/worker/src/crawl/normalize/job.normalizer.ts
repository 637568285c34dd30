import { parsePostedTime, parseSalary } from '@aipm/contracts';
import type { ExtractedJob } from '../sites/site-adapter';
import { toOptionalText, toPlainText } from './text.sanitizer';

/** A crawl result ready for upsert: plain text only, salary and posted time parsed. */
export interface NormalizedJob {
  title: string;
  company: string;
  location: string | null;
  salary: string | null;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  salaryPeriod: string | null;
  salaryMonths: number | null;
  description: string | null;
  requirements: string | null;
  skillTags: string[];
  sourceUrl: string;
  postedAt: Date | null;
  rawData: Record<string, unknown>;
  extractedAt: Date;
}

const MAX_TAGS = 20;

/**
 * Normalises one extracted job; null when it lacks what a crawl result requires (title, company, link).
 * `canonical` turns the link (resolved against the page URL) into the site's stable address.
 */
export function normalizeJob(job: ExtractedJob, context: { pageUrl: URL; crawledAt: Date; canonical: (url: URL) => string }): NormalizedJob | null {
  const title = toPlainText(job.title);
  const company = toPlainText(job.company);
  if (!title || !company || !job.url) return null;
  let link: URL;
  try {
    link = new URL(job.url, context.pageUrl);
  } catch {
    return null;
  }
  if (link.protocol !== 'http:' && link.protocol !== 'https:') return null;

  const salaryText = toOptionalText(job.salary);
  const salary = parseSalary(salaryText);
  const tags = [...new Set((job.skillTags ?? []).map((tag) => toPlainText(tag)).filter((tag) => tag !== '' && tag.length <= 40))];
  return {
    title,
    company,
    location: toOptionalText(job.location),
    salary: salaryText,
    salaryMin: salary.min,
    salaryMax: salary.max,
    salaryCurrency: salary.min !== null || salary.max !== null ? salary.currency : null,
    salaryPeriod: salary.period,
    salaryMonths: salary.monthsPerYear,
    description: toOptionalText(job.description, { multiline: true }),
    requirements: toOptionalText(job.requirements, { multiline: true }),
    skillTags: tags.slice(0, MAX_TAGS),
    sourceUrl: context.canonical(link),
    postedAt: parsePostedTime(job.postedText === undefined || job.postedText === null ? null : toPlainText(job.postedText), context.crawledAt),
    rawData: job.raw,
    extractedAt: context.crawledAt,
  };
}
