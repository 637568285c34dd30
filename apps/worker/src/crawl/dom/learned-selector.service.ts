import type { CrawlSite } from '@aipm/contracts';
import { LearnedSelector } from '@aipm/database';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { SelectorLesson, StoredJobCardSelectors } from '../reading/page.reader';
import type { JobCardSelectors } from './job-card.selectors';

/** learned_selectors.selectorType of a whole job-card selector set (stored as JSON in `selector`). */
const JOB_CARD_SELECTOR_TYPE = 'job-card';
const CANDIDATES = 5;

/**
 * The learned job-card selectors of a site's URL pattern: the best few for the page reader to try (by
 * confidence), and what a crawl's reading taught, recorded. Confidence is the smoothed success rate
 * (successes + 1) / (uses + 2), updated atomically in SQL since several workers may use a row at once.
 */
@Injectable()
export class LearnedSelectorService {
  private readonly logger = new Logger(LearnedSelectorService.name);

  constructor(@InjectRepository(LearnedSelector) private readonly selectors: Repository<LearnedSelector>) {}

  /** Reads only: the crawler-config test tries these too, so it reads a page as a crawl would. */
  async stored(site: CrawlSite, urlPattern: string): Promise<StoredJobCardSelectors[]> {
    const rows = await this.selectors.find({
      where: { site, urlPattern, selectorType: JOB_CARD_SELECTOR_TYPE },
      order: { confidence: 'DESC', lastUsed: 'DESC' },
      take: CANDIDATES,
    });
    return rows.map((row) => ({ id: row.id, selectors: parseSelectors(row.selector) }));
  }

  /** Counts each stored set tried as a success or failure, and keeps a newly discovered set (or counts its existing row). */
  async learn(site: CrawlSite, urlPattern: string, lesson: SelectorLesson): Promise<void> {
    for (const { id, success } of lesson.tried) await this.record(id, success);
    const discovered = lesson.discovered;
    if (!discovered) return;
    const selector = JSON.stringify(discovered);
    const existing = await this.selectors.findOneBy({ site, urlPattern, selectorType: JOB_CARD_SELECTOR_TYPE, selector });
    if (existing) {
      await this.record(existing.id, true);
      return;
    }
    await this.selectors.save(
      this.selectors.create({ site, urlPattern, selectorType: JOB_CARD_SELECTOR_TYPE, selector, successCount: 1, failCount: 0, confidence: 2 / 3, lastUsed: new Date() }),
    );
    this.logger.log(`learned new ${site} job-card selectors for ${urlPattern} (fingerprint ${discovered.fingerprint}): ${discovered.card}`);
  }

  private async record(id: string, success: boolean): Promise<void> {
    const counter = success ? '"successCount"' : '"failCount"';
    await this.selectors.query(
      `UPDATE learned_selectors SET ${counter} = ${counter} + 1, "lastUsed" = now(),
         confidence = ("successCount" + ${success ? 2 : 1})::double precision / ("successCount" + "failCount" + 3)
       WHERE id = $1`,
      [id],
    );
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
