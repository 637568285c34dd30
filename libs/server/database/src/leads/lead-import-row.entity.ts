import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { LeadImportBatch } from './lead-import-batch.entity';
import { Registration } from './registration.entity';

/**
 * A registration an import created or merged into (ADR 075), with what undoing needs: the lead as it was before a
 * merge, and a hash of it as the import left it (undo is refused once it changed). Deleted with the lead (an
 * erasure must leave no copy of the person here) and once the batch is undone.
 */
@Entity('lead_import_rows')
@Index('IDX_lead_import_rows_registrationId', ['registrationId'])
@Check('CHK_lead_import_rows_kind', `"kind" IN ('created', 'merged')`)
@Check('CHK_lead_import_rows_before', `("kind" = 'merged') = ("before" IS NOT NULL)`)
export class LeadImportRow {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_lead_import_rows' })
  batchId: string;

  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_lead_import_rows' })
  registrationId: string;

  @ManyToOne(() => LeadImportBatch, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'batchId', foreignKeyConstraintName: 'FK_lead_import_rows_batch' })
  batch?: Relation<LeadImportBatch>;

  @ManyToOne(() => Registration, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'registrationId', foreignKeyConstraintName: 'FK_lead_import_rows_registration' })
  registration?: Relation<Registration>;

  @Column({ type: 'varchar', length: 16 })
  kind: 'created' | 'merged';

  /** The data row's line in the file (the header is line 1). */
  @Column({ type: 'integer' })
  line: number;

  /** The registration's row before the merge (to_jsonb), restored by undo; null for a created lead. */
  @Column({ type: 'jsonb', nullable: true })
  before: Record<string, unknown> | null;

  /** md5 of the row as the import left it, without the search grams: another change since refuses the undo. */
  @Column({ type: 'varchar', length: 32 })
  afterHash: string;
}
