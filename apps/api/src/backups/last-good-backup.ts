import type { BackupRun } from '@aipm/database';
import type { Repository } from 'typeorm';

/**
 * The last backup that succeeded, or null: what the back office's 数据备份, the dashboard's alert and the backup-age
 * metric each judge (docs/product/backups.md).
 */
export function lastGoodBackup(runs: Repository<BackupRun>): Promise<BackupRun | null> {
  return runs.findOne({ where: { status: 'succeeded' }, order: { finishedAt: 'DESC' } });
}
