/*
 * An archive's name says when it was made, in China time (the school's day), and sorts by it:
 * `aipm-backup-20261129-030000.tar`. Retention and "the latest" go by the name alone.
 */

const PATTERN = /^aipm-backup-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.tar$/;
const CHINA_OFFSET_MS = 8 * 3_600_000;

const pad = (value: number) => String(value).padStart(2, '0');

export function archiveName(at: Date): string {
  const china = new Date(at.getTime() + CHINA_OFFSET_MS);
  const date = `${china.getUTCFullYear()}${pad(china.getUTCMonth() + 1)}${pad(china.getUTCDate())}`;
  const time = `${pad(china.getUTCHours())}${pad(china.getUTCMinutes())}${pad(china.getUTCSeconds())}`;
  return `aipm-backup-${date}-${time}.tar`;
}

export function isArchiveName(name: string): boolean {
  return PATTERN.test(name);
}

/** The names to delete so that the `keep` newest archives remain (other files are never touched). */
export function archivesBeyond(names: readonly string[], keep: number): string[] {
  return names
    .filter(isArchiveName)
    .sort()
    .reverse()
    .slice(Math.max(0, keep));
}
