import type { CrawlSite } from '@aipm/contracts';
import { LearnedSelector } from '@aipm/database';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { ExtractedJob } from '../sites/site-adapter';
import { discoverJobCardSelectors, extractWithSelectors, type JobCardSelectors } from './job-card.selectors';

/** learned_selectors.selectorType of a whole job-card selector set (stored as JSON in `selector`). */
export const JOB_CARD_SELECTOR_TYPE = 'job-card';
const CANDIDATES = 5;

export interface DomExtraction {
  jobs: ExtractedJob[];
  selectorId: string;
  discovered: boolean;
}

/**
 * DOM extraction through learned selectors: the site's best selectors for the URL pattern first (by
 * confidence), then heuristic discovery, whose winner is stored. Confidence is the smoothed success rate
 * (successes + 1) / (uses + 2), updated atomically in SQL since several workers may use a row at once.
 */
@Injectable()
export class LearnedSelectorService {
  private readonly logger = new Logger(LearnedSelectorService.name);

  constructor(@InjectRepository(LearnedSelector) private readonly selectors: Repository<LearnedSelector>) {}

  async extract(site: CrawlSite, urlPattern: string, html: string): Promise<DomExtraction | null> {
    const candidates = await this.selectors.find({
      where: { site, urlPattern, selectorType: JOB_CARD_SELECTOR_TYPE },
      order: { confidence: 'DESC', lastUsed: 'DESC' },
      take: CANDIDATES,
    });
    for (const candidate of candidates) {
      const parsed = parseSelectors(candidate.selector);
      const jobs = parsed ? extractWithSelectors(html, parsed) : null;
      await this.record(candidate.id, jobs !== null);
      if (jobs) return { jobs, selectorId: candidate.id, discovered: false };
    }

    const discovered = discoverJobCardSelectors(html);
    const jobs = discovered ? extractWithSelectors(html, discovered) : null;
    if (!discovered || !jobs) return null;
    const selector = JSON.stringify(discovered);
    const existing = await this.selectors.findOneBy({ site, urlPattern, selectorType: JOB_CARD_SELECTOR_TYPE, selector });
    if (existing) {
      await this.record(existing.id, true);
      return { jobs, selectorId: existing.id, discovered: true };
    }
    const saved = await this.selectors.save(
      this.selectors.create({ site, urlPattern, selectorType: JOB_CARD_SELECTOR_TYPE, selector, successCount: 1, failCount: 0, confidence: 2 / 3, lastUsed: new Date() }),
    );
    this.logger.log(`learned new ${site} job-card selectors for ${urlPattern} (fingerprint ${discovered.fingerprint}): ${discovered.card}`);
    return { jobs, selectorId: saved.id, discovered: true };
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
