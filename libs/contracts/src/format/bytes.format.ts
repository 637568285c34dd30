const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];

/** A size as disks are sold (decimal units), one decimal from kB on: "512 B", "52.4 MB", "1.1 GB". */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}
