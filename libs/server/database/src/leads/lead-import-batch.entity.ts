import type { LeadImportMapping, LeadImportSkipReason } from '@aipm/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One import of leads from a file (ADR 075): what it did, who did it, and whether it was undone. */
@Entity('lead_import_batches')
// The history, newest first.
// (createdAt DESC NULLS LAST, id DESC) in the migration; TypeORM compares names and columns only.
@Index('IDX_lead_import_batches_createdAt_id', ['createdAt', 'id'])
@Check('CHK_lead_import_batches_counts', `"created" >= 0 AND "merged" >= 0 AND "skipped" >= 0 AND "created" + "merged" + "skipped" = "rowCount"`)
export class LeadImportBatch {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_lead_import_batches' })
  id: string;

  /** As uploaded, for people to recognise the batch. */
  @Column({ type: 'varchar', length: 255 })
  fileName: string;

  /** Field → the header it was read from. */
  @Column({ type: 'jsonb' })
  mapping: LeadImportMapping;

  @Column({ type: 'integer' })
  rowCount: number;

  @Column({ type: 'integer' })
  created: number;

  @Column({ type: 'integer' })
  merged: number;

  @Column({ type: 'integer' })
  skipped: number;

  @Column({ type: 'jsonb' })
  skippedByReason: Partial<Record<LeadImportSkipReason, number>>;

  /** The administrator's email (as the audit log names actors). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  importedBy: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  undoneAt: Date | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  undoneBy: string | null;
}
