import { describeTarget, locationOf, parseTarget } from './targets';

describe('backup targets', () => {
  it('reads a folder, relative to the working directory, or an S3 bucket and prefix', () => {
    expect(parseTarget('.data/backups', '/srv/aipm')).toEqual({ kind: 'folder', folder: '/srv/aipm/.data/backups' });
    expect(parseTarget('s3://aipm-backups/nightly/')).toEqual({ kind: 's3', bucket: 'aipm-backups', prefix: 'nightly/' });
    expect(parseTarget('s3://aipm-backups')).toEqual({ kind: 's3', bucket: 'aipm-backups', prefix: '' });
    expect(() => parseTarget('  ')).toThrow(/BACKUP_TARGET is empty/);
  });

  it('says where an archive is', () => {
    const s3 = parseTarget('s3://aipm-backups/nightly');
    expect(describeTarget(s3)).toBe('s3://aipm-backups/nightly/');
    expect(locationOf(s3, 'aipm-backup-20261129-030000.tar')).toBe('s3://aipm-backups/nightly/aipm-backup-20261129-030000.tar');
    expect(locationOf(parseTarget('/backups'), 'aipm-backup-20261129-030000.tar')).toBe('/backups/aipm-backup-20261129-030000.tar');
  });
});
