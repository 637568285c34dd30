export { archiveName, archivesBeyond, isArchiveName } from './archive-name';
export { createBackup, type BackupOptions, type BackupResult } from './backup';
export { databaseFacts } from './database';
export { differences, type Manifest, type StoredFile, type Totals } from './manifest';
export { restoreBackup, RestoreRefusedError, type RestoreOptions, type RestoreResult } from './restore';
export { readFiles, type Storage } from './stored-files';
export { type BackupTarget, describeTarget, listArchives, parseTarget } from './targets';
export { type BackupRunRecord, recordBackupRun } from './runs';
