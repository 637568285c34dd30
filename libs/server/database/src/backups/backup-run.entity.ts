import { BACKUP_TRIGGERS } from '@aipm/contracts';
import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { inValues } from '../common/sql-check';

/**
 * One backup that ended (docs/product/backups.md#in-the-back-office), written by @aipm/backup's recordBackupRun after
 * the archive is in place or the run failed; the back office reads the newest.
 */
@Entity('backup_runs')
// The newest first: the back office's read.
@Index('IDX_backup_runs_finished', ['finishedAt'])
@Check('CHK_backup_runs_trigger', inValues('trigger', BACKUP_TRIGGERS))
@Check('CHK_backup_runs_status', inValues('status', ['succeeded', 'failed']))
@Check('CHK_backup_runs_outcome', `("status" = 'succeeded') = ("location" IS NOT NULL AND "error" IS NULL)`)
export class BackupRun {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_backup_runs' })
  id: string;

  /** schedule, manual (立即备份) or command (npm run backup). */
  @Column({ type: 'varchar', length: 16 })
  trigger: string;

  /** succeeded or failed. */
  @Column({ type: 'varchar', length: 16 })
  status: string;

  @Column({ type: 'timestamptz' })
  startedAt: Date;

  @Column({ type: 'timestamptz' })
  finishedAt: Date;

  /** The administrator who pressed 立即备份. */
  @Column({ type: 'uuid', nullable: true })
  requestedBy: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  name: string | null;

  /** A path or an s3:// URL; set exactly when the run succeeded. */
  @Column({ type: 'text', nullable: true })
  location: string | null;

  @Column({ type: 'bigint', nullable: true })
  sizeBytes: string | null;

  @Column({ type: 'integer', nullable: true })
  tables: number | null;

  @Column({ type: 'bigint', nullable: true })
  rows: string | null;

  @Column({ type: 'integer', nullable: true })
  files: number | null;

  @Column({ type: 'bigint', nullable: true })
  fileBytes: string | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;
}
