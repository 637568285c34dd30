import type { LandingContent } from '@aipm/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One publication of the landing page's content (docs/product/public-site.md#content-edited-in-the-back-office,
 * ADR 074). Rows are only added: the live content is the newest, and every earlier one stays for the history and a
 * restore (which adds a row with `restoredFrom`). The draft is not here: it is one value, in admin_config.
 */
@Entity('landing_publications')
export class LandingPublication {
  /** Increasing: the newest row is the live one, and the id is the public read's ETag. */
  @PrimaryGeneratedColumn('increment', { primaryKeyConstraintName: 'PK_landing_publications' })
  id: number;

  /** Checked against the contracts' declaration before it is written (landingContentFailures). */
  @Column({ type: 'jsonb' })
  content: LandingContent;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  publishedAt: Date;

  /** The administrator's email as it was then; null for a fresh install's first publication. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  publishedBy: string | null;

  /** The publication this one restored. */
  @Column({ type: 'integer', nullable: true })
  restoredFrom: number | null;
}
