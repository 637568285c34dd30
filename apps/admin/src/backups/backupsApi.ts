import { BACKUP_PATHS, type BackupStatusResponse } from '@aipm/contracts';

import { defineSectionClient, useSectionClient } from '../data/sectionClient';

/** 数据备份's calls (docs/product/backups.md#in-the-back-office): the runs, and 立即备份. */
export const backupsClient = defineSectionClient('backups', (http) => ({
  status: async () => (await http(BACKUP_PATHS.status)).json as BackupStatusResponse,
  start: async () => {
    await http(BACKUP_PATHS.start, { method: 'POST', body: '{}' });
  },
}));

/** The calls through react-admin's data provider: a 401 signs the administrator out (ADR 048). */
export const useBackupsApi = () => useSectionClient(backupsClient);

export const BACKUPS_QUERY_KEY = ['aipm', 'backups'] as const;
