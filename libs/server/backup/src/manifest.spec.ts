import { differences, type Manifest, totalsOf } from './manifest';

const MANIFEST: Manifest = {
  format: 1,
  createdAt: '2026-11-28T19:00:00.000Z',
  database: {
    serverVersion: '15.18',
    tables: { students: { rows: 2, digest: 'aa' }, cohorts: { rows: 1, digest: 'bb' } },
    sequences: { change_markers_id_seq: '42 true' },
  },
  files: { bucket: 'aipm', items: [{ key: 'students/a.pdf', size: 10, sha256: 'f'.repeat(64) }] },
  parts: {},
};

describe('a restore checked against its manifest', () => {
  it('finds nothing when everything matches', () => {
    expect(differences(MANIFEST, { ...MANIFEST.database, files: MANIFEST.files.items })).toEqual([]);
    expect(totalsOf(MANIFEST)).toEqual({ tables: 2, rows: 3, files: 1, fileBytes: 10 });
  });

  it('names every table, sequence and file that differs, is missing or was not backed up', () => {
    const found = {
      tables: { students: { rows: 2, digest: 'ab' }, extra: { rows: 0, digest: 'cc' } },
      sequences: { change_markers_id_seq: '41 true' },
      files: [
        { key: 'students/a.pdf', size: 10, sha256: 'e'.repeat(64) },
        { key: 'stray.png', size: 3, sha256: 'd'.repeat(64) },
      ],
    };
    expect(differences(MANIFEST, found)).toEqual([
      'table cohorts: missing',
      'table students: 2 rows (ab), expected 2 rows (aa)',
      'table extra: not in the backup',
      'sequence change_markers_id_seq: 41 true, expected 42 true',
      'file students/a.pdf: 10 bytes (eeeeeeeeeeee), expected 10 bytes (ffffffffffff)',
      'file stray.png: not in the backup',
    ]);
  });
});
