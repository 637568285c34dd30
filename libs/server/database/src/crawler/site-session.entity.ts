import { SEARCH_SITES } from '@aipm/contracts';
import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import { inValues } from '../common/sql-check';

/**
 * A site's signed-in session (docs/decisions/070): the cookies and Web Storage an operator's sign-in left in the
 * worker's Chromium, sealed with CRAWLER_SESSION_KEY (SiteSessionSeal). One per site: a new sign-in replaces it.
 */
@Entity('crawler_site_sessions')
@Check('CHK_crawler_site_sessions_site', inValues('site', SEARCH_SITES))
export class CrawlerSiteSession {
  @PrimaryColumn({ type: 'varchar', length: 16, primaryKeyConstraintName: 'PK_crawler_site_sessions' })
  site: string;

  /** Format byte, IV, GCM tag and ciphertext; never readable without the key. */
  @Column({ type: 'bytea' })
  sealed: Buffer;

  /** When the operator's sign-in was stored: the session's age. */
  @Column({ type: 'timestamptz' })
  capturedAt: Date;

  /** The last crawled page of the site that the site answered with its data while the session was sent. */
  @Column({ type: 'timestamptz', nullable: true })
  lastSuccessAt: Date | null;

  /** The last refusal (login wall, captcha, block page) the site answered while the session was sent. */
  @Column({ type: 'timestamptz', nullable: true })
  lastRefusalAt: Date | null;

  /** That refusal's reason and the site's own words. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  lastRefusal: string | null;
}
