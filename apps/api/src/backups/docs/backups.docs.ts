import type { BackupRunResponse, BackupStatusResponse } from '@aipm/contracts';
import { dateTime, integer, listOf, nullable, oneOf, recordSchema, text, uuid } from '../../common/openapi/schemas';

/* The backups' shapes and examples (docs/product/backups.md#in-the-back-office); ADR 022. */

const RUN = recordSchema<BackupRunResponse>('BackupRun', {
  id: uuid('3f2e1d0c-9b8a-4765-8432-10fedcba9876'),
  trigger: oneOf(['schedule', 'manual', 'command'], 'schedule', 'The daily schedule, 立即备份, or npm run backup'),
  status: oneOf(['succeeded', 'failed'], 'succeeded'),
  startedAt: dateTime('2026-11-28T19:00:00.000Z'),
  finishedAt: dateTime('2026-11-28T19:00:27.000Z'),
  name: nullable(text('aipm-backup-20261129-030000.tar')),
  location: nullable(text('/srv/aipm/.data/backups/aipm-backup-20261129-030000.tar', 'A path or an s3:// URL')),
  sizeBytes: nullable(integer(1088400000)),
  tables: nullable(integer(30)),
  rows: nullable(integer(100512)),
  files: nullable(integer(128)),
  fileBytes: nullable(integer(1073700000)),
  error: nullable(text('pg_dump failed (exit 1): connection refused')),
});

export const BACKUP_STATUS = recordSchema<BackupStatusResponse>('BackupStatus', {
  runs: listOf(RUN, 'The newest runs, newest first (at most 10)'),
  lastSuccess: nullable(RUN),
  stale: { type: 'boolean', example: false, description: 'No successful backup, or the last one more than 36 hours old' },
  running: { type: 'boolean', example: false, description: 'A backup is waiting or under way' },
  schedule: nullable(text('0 3 * * *', "The worker's schedule, cron in China time")),
});

export const BACKUP_EVENTS_EXAMPLE = 'data: {"type":"started"}\n\ndata: {"type":"finished","status":"succeeded"}\n\n';
