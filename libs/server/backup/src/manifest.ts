/*
 * What an archive holds and how a restore is checked (docs/product/backups.md#the-archive): per table its row
 * count and a digest of its rows, each sequence's value, per stored file its size and SHA-256, and the checksum of
 * each part of the archive. The tables and sequences are read from the schema at backup time, never from a list,
 * so a table added later is covered without a change here.
 */

export const MANIFEST_FORMAT = 1;
export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FILE = 'database.dump';
export const SETTINGS_FILE = 'settings.json';
export const FILES_FOLDER = 'files';

export interface TableFacts {
  rows: number;
  /** md5 over the md5 of every row's text, in order of those: equal rows give an equal digest. */
  digest: string;
}

export interface StoredFile {
  key: string;
  size: number;
  sha256: string;
  /** As the store had it; restored with the file (the back office serves files by it). */
  contentType?: string;
}

export interface DatabaseFacts {
  tables: Record<string, TableFacts>;
  /** Each sequence's next value as pg_dump restores it (`last_value`, and whether it was called). */
  sequences: Record<string, string>;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  createdAt: string;
  database: DatabaseFacts & { serverVersion: string };
  files: { bucket: string; items: StoredFile[] };
  /** SHA-256 of the archive's own parts (the dump and the settings), checked before anything is restored. */
  parts: Record<string, string>;
}

export interface Totals {
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
}

export function totalsOf(manifest: Manifest): Totals {
  const tables = Object.values(manifest.database.tables);
  return {
    tables: tables.length,
    rows: tables.reduce((sum, table) => sum + table.rows, 0),
    files: manifest.files.items.length,
    fileBytes: manifest.files.items.reduce((sum, file) => sum + file.size, 0),
  };
}

/** Every way `found` differs from what the manifest recorded, one line each; none means the restore is whole. */
export function differences(manifest: Manifest, found: DatabaseFacts & { files: readonly StoredFile[] }): string[] {
  const lines: string[] = [];
  const compare = <T>(kind: string, expected: Record<string, T>, actual: Record<string, T>, same: (a: T, b: T) => boolean, show: (value: T) => string) => {
    for (const name of Object.keys(expected).sort()) {
      if (!(name in actual)) lines.push(`${kind} ${name}: missing`);
      else if (!same(expected[name]!, actual[name]!)) lines.push(`${kind} ${name}: ${show(actual[name]!)}, expected ${show(expected[name]!)}`);
    }
    for (const name of Object.keys(actual).sort()) if (!(name in expected)) lines.push(`${kind} ${name}: not in the backup`);
  };
  compare(
    'table',
    manifest.database.tables,
    found.tables,
    (a, b) => a.rows === b.rows && a.digest === b.digest,
    (facts) => `${facts.rows} rows (${facts.digest})`,
  );
  compare('sequence', manifest.database.sequences, found.sequences, (a, b) => a === b, (value) => value);
  const byKey = (files: readonly StoredFile[]) => Object.fromEntries(files.map((file) => [file.key, file]));
  compare(
    'file',
    byKey(manifest.files.items),
    byKey(found.files),
    (a, b) => a.size === b.size && a.sha256 === b.sha256,
    (file) => `${file.size} bytes (${file.sha256.slice(0, 12)})`,
  );
  return lines;
}
