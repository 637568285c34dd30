import { type LiveViewErrorCode, SEARCH_SITES, type SiteSessionDeleted, type SiteSessionStatus } from '@aipm/contracts';
import { CrawlerSiteSession, SiteSessionSeal } from '@aipm/database';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ApiError } from '../common/errors/api.error';
import { API_ENV, type ApiEnv } from '../config/api-env';

class SiteSessionError extends ApiError<LiveViewErrorCode> {}

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

  /**
   * Deletes the site's stored session, readable or not (a banned account, one that should no longer be used). The
   * worker opens the session again before every page, so the next page is loaded signed out.
   */
  async delete(site: string): Promise<SiteSessionDeleted> {
    if (!isSearchSite(site)) throw new SiteSessionError('INVALID_SESSION_SITE');
    const row = await this.sessions.findOneBy({ site });
    if (!row) throw new SiteSessionError('SITE_SESSION_NOT_FOUND');
    await this.sessions.delete({ site });
    return { site, capturedAt: row.capturedAt.toISOString() };
  }
}

function isSearchSite(site: string): site is SiteSessionDeleted['site'] {
  return (SEARCH_SITES as readonly string[]).includes(site);
}
