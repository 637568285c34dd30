import type { CrawlFailureReason } from '@aipm/contracts';
import { discoverJobCardSelectors, extractWithSelectors, type JobCardSelectors } from '../dom/job-card.selectors';
import type { LoadedPage } from '../page.loader';
import { detectBlockPage } from '../sites/block.detector';
import { firstDataVerdict, type ExtractedJob, type SiteAdapter } from '../sites/site-adapter';
import { decodePrivateDigits } from './private-font.decoder';

/** Job-card selectors kept from earlier pages; `selectors` is null when the stored set cannot be read. */
export interface StoredJobCardSelectors {
  id: string;
  selectors: JobCardSelectors | null;
}

/**
 * What reading the DOM taught about selectors: whether each stored set tried read the page, and the set
 * discovered on it when none did. The crawl learns from it; the crawler-config test drops it.
 */
export interface SelectorLesson {
  tried: Array<{ id: string; success: boolean }>;
  discovered: JobCardSelectors | null;
}

export type PageReading =
  | { jobs: ExtractedJob[]; source: 'json' | 'embedded' | 'dom'; hasMore: boolean | undefined; lesson: SelectorLesson }
  /** `source` null: the page itself says why (block page, nothing recognisable); the message then names no site. */
  | { failure: CrawlFailureReason; message: string; source: 'json' | 'embedded' | null; lesson: SelectorLesson };

const NOTHING_LEARNED: SelectorLesson = { tried: [], discovered: null };

/**
 * Reads a loaded search page the one way both a crawl and the crawler-config test read it: the data
 * endpoint's JSON, then state embedded in the HTML (a well-formed empty list still counts as data), then
 * job cards in the DOM through the stored selectors and else discovered ones, and only when all of that
 * finds nothing, the reason (login wall, captcha, block page, or no_data). It stores nothing: `stored` is
 * asked only when the page has no JSON, and what the DOM taught comes back in `lesson`.
 */
export async function readPage(adapter: SiteAdapter, page: LoadedPage, stored: () => Promise<readonly StoredJobCardSelectors[]>): Promise<PageReading> {
  for (const [source, verdict] of [
    ['json', () => firstDataVerdict(page.dataBodies.map((body) => adapter.extractFromData(body)))],
    ['embedded', () => adapter.extractEmbedded(page.html)],
  ] as const) {
    const read = verdict();
    if (read && 'failure' in read) return { failure: read.failure, message: read.message, source, lesson: NOTHING_LEARNED };
    if (read) return { jobs: read.jobs, source, hasMore: read.hasMore, lesson: NOTHING_LEARNED };
  }

  // Salary digits drawn with a private-use font are written back as digits before the cards are read.
  const dom = readCards(await decodePrivateDigits(page.html, page.fonts), await stored());
  if (dom.jobs) return { jobs: dom.jobs, source: 'dom', hasMore: undefined, lesson: dom.lesson };

  const refusal = detectBlockPage(page.html, page.url, page.realAddress);
  if (refusal) return { failure: refusal.reason, message: `${refusal.reason.replace('_', ' ')} at ${page.url}: ${refusal.evidence}`, source: null, lesson: dom.lesson };
  return { failure: 'no_data', message: `no job data, no recognisable job list at ${page.url}`, source: null, lesson: dom.lesson };
}

/** Stored selector sets in the order given (best first), then heuristic discovery. */
function readCards(html: string, stored: readonly StoredJobCardSelectors[]): { jobs: ExtractedJob[] | null; lesson: SelectorLesson } {
  const tried: SelectorLesson['tried'] = [];
  for (const candidate of stored) {
    const jobs = candidate.selectors ? extractWithSelectors(html, candidate.selectors) : null;
    tried.push({ id: candidate.id, success: jobs !== null });
    if (jobs) return { jobs, lesson: { tried, discovered: null } };
  }
  const discovered = discoverJobCardSelectors(html);
  const jobs = discovered ? extractWithSelectors(html, discovered) : null;
  return { jobs, lesson: { tried, discovered: jobs ? discovered : null } };
}
