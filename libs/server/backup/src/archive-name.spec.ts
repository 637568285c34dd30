import { archiveName, archivesBeyond, isArchiveName } from './archive-name';

describe('archive names', () => {
  it('names an archive by its China-time moment', () => {
    // 19:00 UTC is 03:00 the next day in Changsha.
    expect(archiveName(new Date('2026-11-28T19:00:05Z'))).toBe('aipm-backup-20261129-030005.tar');
    expect(isArchiveName('aipm-backup-20261129-030005.tar')).toBe(true);
    expect(isArchiveName('aipm-backup-20261129.tar')).toBe(false);
  });

  it('keeps the newest and never names another file for deletion', () => {
    const names = ['aipm-backup-20261127-030000.tar', 'notes.txt', 'aipm-backup-20261129-030000.tar', 'aipm-backup-20261128-030000.tar'];
    expect(archivesBeyond(names, 2)).toEqual(['aipm-backup-20261127-030000.tar']);
    expect(archivesBeyond(names, 14)).toEqual([]);
    expect(archivesBeyond(names, 0)).toEqual(['aipm-backup-20261129-030000.tar', 'aipm-backup-20261128-030000.tar', 'aipm-backup-20261127-030000.tar']);
  });
});
