import type { CrawlSite } from '@aipm/contracts';
import { Injectable, Logger } from '@nestjs/common';
import type { SelectorLesson, StoredJobCardSelectors } from '../reading/page.reader';
import type { JobCardSelectors } from './job-card.selectors';
import { LearnedSelectorRepository } from './learned-selector.repository';

const CANDIDATES = 5;

/**
 * The learned job-card selectors of a site's URL pattern: the best few for the page reader to try (by
 * confidence), and what a crawl's reading taught, recorded (the confidence itself is the repository's).
 */
@Injectable()
export class LearnedSelectorService {
  private readonly logger = new Logger(LearnedSelectorService.name);

  constructor(private readonly selectors: LearnedSelectorRepository) {}

  /** Reads only: the crawler-config test tries these too, so it reads a page as a crawl would. */
  async stored(site: CrawlSite, urlPattern: string): Promise<StoredJobCardSelectors[]> {
    const rows = await this.selectors.best(site, urlPattern, CANDIDATES);
    return rows.map((row) => ({ id: row.id, selectors: parseSelectors(row.selector) }));
  }

  /** Counts each stored set tried as a success or failure, and keeps a newly discovered set (or counts its existing row). */
  async learn(site: CrawlSite, urlPattern: string, lesson: SelectorLesson): Promise<void> {
    for (const { id, success } of lesson.tried) await this.selectors.countUse(id, success);
    const discovered = lesson.discovered;
    if (!discovered) return;
    const selector = JSON.stringify(discovered);
    const existing = await this.selectors.idOf(site, urlPattern, selector);
    if (existing) {
      await this.selectors.countUse(existing, true);
      return;
    }
    await this.selectors.add(site, urlPattern, selector);
    this.logger.log(`learned new ${site} job-card selectors for ${urlPattern} (fingerprint ${discovered.fingerprint}): ${discovered.card}`);
  }
}

function parseSelectors(text: string): JobCardSelectors | null {
  try {
    const parsed = JSON.parse(text) as JobCardSelectors;
    return typeof parsed.card === 'string' && typeof parsed.link === 'string' && typeof parsed.fingerprint === 'string' ? parsed : null;
  } catch {
    return null;
  }
}
