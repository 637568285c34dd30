import { Transform } from 'node:stream';

/** Excel reads a CSV as the local code page (GBK on Chinese Windows) unless it starts with the UTF-8 BOM. */
export const UTF8_BOM = '\uFEFF';

// A cell starting with one of these is a formula to Excel: a visitor could put "=HYPERLINK(…)" in a form.
const FORMULA_START = /^[=+\-@\t\r]/;
// …except a phone number in + form, which Excel reads as a number, not a formula.
const PLAIN_NUMBER = /^\+\d+$/;

/** One RFC 4180 cell: quoted when needed, formula-looking text defused with a leading apostrophe. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export interface CsvColumn {
  header: string;
  /** The key of the raw row the database streams. */
  key: string;
  /**
   * Labels of a coded column (status, subject): the reader of the file sees 已联系, not `contacted`. A value
   * without a label is written as stored.
   */
  labels?: Readonly<Record<string, string>>;
  /** How a stored value is written, e.g. a phone masked (PIPL). Applied after the labels. */
  format?: (value: unknown) => unknown;
}

function cellValue(column: CsvColumn, row: Record<string, unknown>): unknown {
  const value = row[column.key];
  const labelled = column.labels && typeof value === 'string' ? (column.labels[value] ?? value) : value;
  return column.format ? column.format(labelled) : labelled;
}

/** Rows in (objects from the database cursor), CSV text out: the BOM and the header first, even with no rows. */
export function csvTransform(columns: readonly CsvColumn[]): Transform {
  let started = false;
  const head = () => UTF8_BOM + csvLine(columns.map((column) => column.header));
  return new Transform({
    writableObjectMode: true,
    transform(row: Record<string, unknown>, _encoding, done) {
      const prefix = started ? '' : head();
      started = true;
      done(null, prefix + csvLine(columns.map((column) => cellValue(column, row))));
    },
    flush(done) {
      done(null, started ? undefined : head());
    },
  });
}
