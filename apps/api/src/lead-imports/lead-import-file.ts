import { LEAD_IMPORT_LIMITS } from '@aipm/contracts';
import { fileTypeFromBuffer } from 'file-type';
import Papa from 'papaparse';
import { LeadImportError } from './lead-import.error';

/** A file read into a header row and its data rows, every cell as trimmed text. */
export interface LeadImportTable {
  format: 'csv' | 'xlsx';
  headers: string[];
  /** Data rows, each as long as `headers`, with their line in the file (the header is line 1). */
  rows: { line: number; cells: string[] }[];
}

/**
 * Reads an upload as CSV or XLSX by its content, whatever its name says: a zip that is a workbook is XLSX, any other
 * recognised binary (an old .xls, a PDF, an image) is refused, and text is CSV in UTF-8 (with or without BOM),
 * UTF-16 with a BOM (Excel's "Unicode text") or GB18030 (what Excel on a Chinese Windows saves as CSV).
 */
export async function readLeadImportFile(buffer: Buffer): Promise<LeadImportTable> {
  if (buffer.length === 0) throw new LeadImportError('LEAD_IMPORT_EMPTY');
  if (buffer.length > LEAD_IMPORT_LIMITS.maxBytes) throw new LeadImportError('LEAD_IMPORT_FILE_TOO_LARGE');
  const detected = await fileTypeFromBuffer(buffer);
  if (detected?.ext === 'xlsx' || detected?.ext === 'zip') return tableOf('xlsx', await xlsxRows(buffer));
  if (detected) throw new LeadImportError('LEAD_IMPORT_FILE_TYPE');
  return tableOf('csv', csvRows(decodeText(buffer)));
}

function decodeText(buffer: Buffer): string {
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return new TextDecoder('utf-16le').decode(buffer.subarray(2));
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return new TextDecoder('utf-16be').decode(buffer.subarray(2));
  // Text has no NUL byte; a binary file-type does not know does.
  if (buffer.includes(0)) throw new LeadImportError('LEAD_IMPORT_FILE_TYPE');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    try {
      return new TextDecoder('gb18030', { fatal: true }).decode(buffer);
    } catch {
      throw new LeadImportError('LEAD_IMPORT_FILE_UNREADABLE');
    }
  }
}

/** Rows beyond the limit are not read: one more than allowed is enough to refuse. */
const ROWS_READ = LEAD_IMPORT_LIMITS.maxRows + 2;

function csvRows(text: string): string[][] {
  // The delimiter is guessed (comma, tab from "Unicode text", semicolon from European exports).
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', preview: ROWS_READ });
  if (parsed.data.length === 0 && parsed.errors.length > 0) throw new LeadImportError('LEAD_IMPORT_FILE_UNREADABLE');
  return parsed.data;
}

/**
 * A workbook unpacks in memory: 10 MB of zip can declare gigabytes (a zip bomb) and take the API process with it.
 * 50,000 rows of a lead export unpack to a few tens of MB; over this, the file is refused before it is unpacked.
 */
const XLSX_UNPACKED_LIMIT = 256 * 1024 * 1024;

/**
 * The sizes a zip declares for its entries, summed from its central directory (without unpacking anything); null
 * when the directory cannot be read (exceljs then says whether the file is a workbook). Zip64 counts as too large.
 */
export function declaredUnpackedSize(zip: Buffer): number | null {
  const END_OF_DIRECTORY = 0x06054b50;
  const ENTRY = 0x02014b50;
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at -= 1) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  let total = 0;
  for (let entry = 0; entry < entries; entry += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== ENTRY) return null;
    const size = zip.readUInt32LE(at + 24);
    if (size === 0xffffffff) return Number.POSITIVE_INFINITY;
    total += size;
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return total;
}

async function xlsxRows(buffer: Buffer): Promise<string[][]> {
  const unpacked = declaredUnpackedSize(buffer);
  if (unpacked !== null && unpacked > XLSX_UNPACKED_LIMIT) throw new LeadImportError('LEAD_IMPORT_FILE_TOO_LARGE');
  // Loaded on first use: it is large and most requests never need it.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new LeadImportError('LEAD_IMPORT_FILE_UNREADABLE');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new LeadImportError('LEAD_IMPORT_EMPTY');
  if (sheet.actualRowCount > ROWS_READ) throw new LeadImportError('LEAD_IMPORT_TOO_MANY_ROWS');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    // cell.text: the value as shown (a number as typed, a date formatted, a formula's result, rich text joined).
    row.eachCell({ includeEmpty: true }, (cell, column) => (cells[column - 1] = cell.text ?? ''));
    rows.push(Array.from(cells, (cell) => cell ?? ''));
  });
  return rows;
}

/** What PostgreSQL refuses in text (NUL, a lone surrogate), out; the rest trimmed. */
const NUL_OR_LONE_SURROGATE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function cellText(value: unknown): string {
  return String(value ?? '').replace(NUL_OR_LONE_SURROGATE, '').trim();
}

function tableOf(format: LeadImportTable['format'], raw: string[][]): LeadImportTable {
  const lines = raw.map((cells, index) => ({ line: index + 1, cells: cells.map(cellText) })).filter(({ cells }) => cells.some((cell) => cell !== ''));
  const [header, ...data] = lines;
  if (!header || data.length === 0) throw new LeadImportError('LEAD_IMPORT_EMPTY');
  if (data.length > LEAD_IMPORT_LIMITS.maxRows) throw new LeadImportError('LEAD_IMPORT_TOO_MANY_ROWS');
  const headers = uniqueHeaders(header.cells.map((cell, index) => cell.replace(/^\uFEFF/, '') || `列${index + 1}`));
  const width = Math.max(headers.length, ...data.map(({ cells }) => cells.length));
  for (let column = headers.length; column < width; column += 1) headers.push(`列${column + 1}`);
  return {
    format,
    headers,
    rows: data.map(({ line, cells }) => ({ line, cells: headers.map((_, column) => cells[column] ?? '') })),
  };
}

/** A header twice (两列都叫"电话") gets a number, so the mapping can name either. */
function uniqueHeaders(headers: string[]): string[] {
  const seen = new Map<string, number>();
  return headers.map((header) => {
    const count = (seen.get(header) ?? 0) + 1;
    seen.set(header, count);
    return count === 1 ? header : `${header} (${count})`;
  });
}
