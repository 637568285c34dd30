import { CRAWL_SITES, type CrawlSite } from '@aipm/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { inValues } from '../common/sql-check';

/** A CSS/XPath selector the crawler found to work on a site's pages, ranked by confidence. */
@Entity('learned_selectors')
// Serves "best selectors for this site and URL pattern" (confidence DESC in the migration).
@Index('IDX_learned_selectors_site_urlPattern_confidence', ['site', 'urlPattern', 'confidence'])
@Check('CHK_learned_selectors_site', inValues('site', CRAWL_SITES))
export class LearnedSelector {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_learned_selectors' })
  id: string;

  @Column({ type: 'varchar', length: 32 })
  site: CrawlSite;

  @Column({ type: 'text' })
  urlPattern: string;

  @Column({ type: 'varchar', length: 255 })
  selectorType: string;

  @Column({ type: 'text' })
  selector: string;

  @Column({ type: 'double precision', default: 0 })
  confidence: number;

  @Column({ type: 'integer', default: 0 })
  successCount: number;

  @Column({ type: 'integer', default: 0 })
  failCount: number;

  @Column({ type: 'timestamptz', nullable: true })
  lastUsed: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
