import { type BackupResult, type Totals } from '@aipm/backup';
import { formatBytes } from '@aipm/contracts';

export function describeTotals(totals: Totals): string {
  return `${totals.tables} tables, ${totals.rows} rows, ${totals.files} files (${formatBytes(totals.fileBytes)})`;
}

export function describeBackup(result: BackupResult): string {
  const removed = result.removed.length ? `; older archives removed: ${result.removed.join(', ')}` : '';
  return `${result.location}: ${formatBytes(result.sizeBytes)} in ${(result.durationMs / 1000).toFixed(1)} s; ${describeTotals(result.totals)}${removed}`;
}
