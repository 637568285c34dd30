import { SEARCH_SITES, type SiteSessionStatus } from '@aipm/contracts';
import { CrawlerSiteSession, SiteSessionSeal } from '@aipm/database';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { API_ENV, type ApiEnv } from '../config/api-env';

/**
 * The sites' signed-in sessions for 爬虫配置 (docs/decisions/070): their age and what the sites last made of them,
 * never their contents. A session that does not open with this key is reported as missing (`unreadable`): the
 * worker, holding the same key, does not send it either.
 */
@Injectable()
export class SiteSessionsService {
  private readonly seal: SiteSessionSeal | null;

  constructor(
    @InjectRepository(CrawlerSiteSession) private readonly sessions: Repository<CrawlerSiteSession>,
    @Inject(API_ENV) env: ApiEnv,
  ) {
    this.seal = env.CRAWLER_SESSION_KEY ? new SiteSessionSeal(env.CRAWLER_SESSION_KEY) : null;
  }

  async list(): Promise<SiteSessionStatus[]> {
    const rows = new Map((await this.sessions.find()).map((row) => [row.site, row]));
    return SEARCH_SITES.map((site) => {
      const row = rows.get(site);
      const missing: SiteSessionStatus = { site, state: 'missing', capturedAt: null, lastSuccessAt: null, lastRefusalAt: null, lastRefusal: null };
      if (!row) return missing;
      if (!this.seal || this.seal.open(site, row.sealed) === null) return { ...missing, state: this.seal ? 'unreadable' : 'missing' };
      return {
        site,
        state: 'stored',
        capturedAt: row.capturedAt.toISOString(),
        lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
        lastRefusalAt: row.lastRefusalAt?.toISOString() ?? null,
        lastRefusal: row.lastRefusal,
      };
    });
  }
}
