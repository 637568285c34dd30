import { parsePostedTime, parseSalary } from '@aipm/contracts';
import type { CrawledJobRow } from '@aipm/database';
import type { ExtractedJob } from '../sites/site-adapter';
import { toOptionalText, toPlainText } from './text.sanitizer';

/**
 * A crawl result ready for upsert: the contracts' posting (CrawledJob, as the server holds it; ADR 047) in plain
 * text, salary and posted time parsed, with the item as the site gave it and when it was read.
 */
export type NormalizedJob = CrawledJobRow & { rawData: Record<string, unknown>; extractedAt: Date };

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
