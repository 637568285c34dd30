import { describeBackup } from './backup-cli';

describe('the backup command report', () => {
  it('says where the archive is, how big, how long, what it holds and what was removed', () => {
    expect(
      describeBackup({
        name: 'aipm-backup-20261129-030000.tar',
        location: '/srv/backups/aipm-backup-20261129-030000.tar',
        sizeBytes: 52_400_000,
        durationMs: 12_345,
        totals: { tables: 30, rows: 100_512, files: 40, fileBytes: 1_000_000_000 },
        removed: ['aipm-backup-20261115-030000.tar'],
      }),
    ).toBe('/srv/backups/aipm-backup-20261129-030000.tar: 52.4 MB in 12.3 s; 30 tables, 100512 rows, 40 files (1.0 GB); older archives removed: aipm-backup-20261115-030000.tar');
  });
});
