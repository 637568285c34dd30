import type { CrawlSite } from '@aipm/contracts';
import { LearnedSelector } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** learned_selectors.selectorType of a whole job-card selector set (stored as JSON in `selector`). */
const JOB_CARD_SELECTOR_TYPE = 'job-card';

/** A stored job-card selector set: its row and its JSON as stored. */
export interface StoredSelectorSet {
  id: string;
  selector: string;
}

/**
 * The learned job-card selector sets of a site's URL pattern (`learned_selectors`, ADR 044). Confidence is the
 * smoothed success rate (successes + 1) / (uses + 2), kept here and updated atomically in SQL since several
 * workers may use a row at once; which sets are tried and what is learned are LearnedSelectorService's.
 */
@Injectable()
export class LearnedSelectorRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get selectors() {
    return this.dataSource.getRepository(LearnedSelector);
  }

  /** The `take` most trusted sets (by confidence, then the most recently used). */
  async best(site: CrawlSite, urlPattern: string, take: number): Promise<StoredSelectorSet[]> {
    const rows = await this.selectors.find({
      where: { site, urlPattern, selectorType: JOB_CARD_SELECTOR_TYPE },
      order: { confidence: 'DESC', lastUsed: 'DESC' },
      take,
    });
    return rows.map(({ id, selector }) => ({ id, selector }));
  }

  /** The row of exactly this set, if it is stored. */
  async idOf(site: CrawlSite, urlPattern: string, selector: string): Promise<string | null> {
    const row = await this.selectors.findOneBy({ site, urlPattern, selectorType: JOB_CARD_SELECTOR_TYPE, selector });
    return row?.id ?? null;
  }

  /** Stores a newly discovered set as used once, successfully (confidence 2/3). */
  async add(site: CrawlSite, urlPattern: string, selector: string): Promise<void> {
    await this.selectors.save(
      this.selectors.create({ site, urlPattern, selectorType: JOB_CARD_SELECTOR_TYPE, selector, successCount: 1, failCount: 0, confidence: 2 / 3, lastUsed: new Date() }),
    );
  }

  /** Counts one use of the set as a success or a failure and recomputes its confidence, in one statement. */
  async countUse(id: string, success: boolean): Promise<void> {
    const counter = success ? '"successCount"' : '"failCount"';
    await this.dataSource.query(
      `UPDATE learned_selectors SET ${counter} = ${counter} + 1, "lastUsed" = now(),
         confidence = ("successCount" + ${success ? 2 : 1})::double precision / ("successCount" + "failCount" + 3)
       WHERE id = $1`,
      [id],
    );
  }
}
