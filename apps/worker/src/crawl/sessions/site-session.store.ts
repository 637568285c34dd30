import { CrawlerSiteSession, SiteSessionSeal, type SiteSessionContents } from '@aipm/database';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { WORKER_ENV, type WorkerEnv } from '../../config/worker-env';

/** The longest refusal text kept on a session (its column). */
const REFUSAL_MAX = 255;

/**
 * The sites' signed-in sessions as the worker uses them (docs/decisions/070): opened before a site's page is loaded,
 * stored when the operator closes the live view, and told what the site made of them. Without CRAWLER_SESSION_KEY
 * no session is stored or sent.
 */
@Injectable()
export class SiteSessionStore {
  private readonly logger = new Logger(SiteSessionStore.name);
  private readonly seal: SiteSessionSeal | null;
  /** The session last opened or stored for each site: the worker's browser keeps its cookies and storage after it is deleted. */
  private readonly opened = new Map<string, SiteSessionContents>();

  constructor(
    @InjectRepository(CrawlerSiteSession) private readonly sessions: Repository<CrawlerSiteSession>,
    @Inject(WORKER_ENV) env: WorkerEnv,
  ) {
    this.seal = env.CRAWLER_SESSION_KEY ? new SiteSessionSeal(env.CRAWLER_SESSION_KEY) : null;
  }

  /** The site's session to send, or null: none stored, no key, or one that does not open with this key (never sent). */
  async open(site: string): Promise<SiteSessionContents | null> {
    if (!this.seal) return null;
    const row = await this.sessions.findOneBy({ site });
    if (!row) return null;
    const contents = this.seal.open(site, row.sealed);
    if (!contents) this.logger.warn(`${site}: the stored session does not open with CRAWLER_SESSION_KEY; the site is crawled without it`);
    else this.opened.set(site, contents);
    return contents;
  }

  /**
   * The session this worker last opened or stored for the site, handed out once when the site has none to send any more
   * (deleted by the operator): the browser still holds it and must forget it before the next page (forgetSession).
   */
  withdrawn(site: string): SiteSessionContents | null {
    const contents = this.opened.get(site) ?? null;
    this.opened.delete(site);
    return contents;
  }

  /** Replaces the site's session with a new sign-in; its history (last success, last refusal) starts again. */
  async save(site: string, contents: SiteSessionContents, at = new Date()): Promise<void> {
    if (!this.seal) throw new Error('CRAWLER_SESSION_KEY is not set: a site session cannot be stored');
    await this.sessions.upsert({ site, sealed: this.seal.seal(site, contents), capturedAt: at, lastSuccessAt: null, lastRefusalAt: null, lastRefusal: null }, ['site']);
    // Captured from this worker's browser, which holds it until it is forgotten.
    this.opened.set(site, contents);
  }

  /** A page of the site was read while its session was sent. */
  async succeeded(site: string, at = new Date()): Promise<void> {
    await this.sessions.update({ site }, { lastSuccessAt: at });
  }

  /** The site refused a page (login wall, captcha, block page) while its session was sent. */
  async refused(site: string, reason: string, message: string, at = new Date()): Promise<void> {
    await this.sessions.update({ site }, { lastRefusalAt: at, lastRefusal: `${reason}: ${message}`.slice(0, REFUSAL_MAX) });
  }
}
