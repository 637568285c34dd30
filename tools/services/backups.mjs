// BACKUP_TARGET: where `npm run backup` and the worker's daily backup put their archives
// (docs/product/backups.md); by default a folder in the data dir, beside the data it backs up.
import path from 'node:path';
import { given, passive } from './result.mjs';

export async function ensureBackupTarget(ctx) {
  if (ctx.env.BACKUP_TARGET) return given('backups', { BACKUP_TARGET: ctx.env.BACKUP_TARGET });
  const folder = path.join(ctx.dataDir, 'backups');
  return passive('backups', 'found', { BACKUP_TARGET: folder }, `archives in ${ctx.show(folder)}`);
}
