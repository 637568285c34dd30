import {
  LEAD_IMPORT_FIELD_LIMITS,
  LEAD_IMPORT_FIELDS,
  type LeadImportField,
  type LeadImportMapping,
  type LeadImportSkipReason,
  type LeadSource,
  normalisePhone,
} from '@aipm/contracts';
import { InvalidInputError } from '../common/errors/api.error';
import type { LeadImportTable } from './lead-import-file';

/** A row that can be imported: its values as the registration takes them. */
export interface ImportCandidate {
  line: number;
  name: string;
  /** As in the file (trimmed), for people to read. */
  phone: string;
  phoneNormalized: string;
  email: string | null;
  school: string;
  major: string;
  goals: string | null;
  note: string | null;
  source: LeadSource;
}

export interface ReadRows {
  /** The first row of each phone, in file order. */
  candidates: ImportCandidate[];
  skipped: { line: number; reason: LeadImportSkipReason }[];
}

/** The raw phone as typed is kept, bounded like the column holds it. */
const PHONE_AS_TYPED_LIMIT = 64;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The mapping as sent (JSON of field → header): known fields, headers the file has, no header twice, and a phone.
 * Refused whole: a mapping half right would import half the meaning.
 */
export function checkMapping(raw: unknown, headers: readonly string[]): LeadImportMapping {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw InvalidInputError.forField('mapping', 'LEAD_IMPORT_MAPPING_INVALID');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw InvalidInputError.forField('mapping', 'LEAD_IMPORT_MAPPING_INVALID');
  const mapping: LeadImportMapping = {};
  const used = new Set<string>();
  for (const [field, header] of Object.entries(value)) {
    if (header === null || header === '') continue; // a field left unmapped
    if (!(LEAD_IMPORT_FIELDS as readonly string[]).includes(field) || typeof header !== 'string' || !headers.includes(header) || used.has(header)) {
      throw InvalidInputError.forField('mapping', 'LEAD_IMPORT_MAPPING_INVALID');
    }
    used.add(header);
    mapping[field as LeadImportField] = header;
  }
  if (mapping.phone === undefined) throw InvalidInputError.forField('mapping', 'LEAD_IMPORT_MAPPING_WITHOUT_PHONE');
  return mapping;
}

/**
 * Each row checked and normalised, in file order: no phone, a phone that does not normalise, no name or a value
 * longer than the form takes skip the row, and so does a phone an earlier row of the file already had (the first
 * row of a phone is the one imported).
 */
export function readRows(table: LeadImportTable, mapping: LeadImportMapping): ReadRows {
  const column = (field: LeadImportField) => (mapping[field] === undefined ? -1 : table.headers.indexOf(mapping[field]));
  const columns = Object.fromEntries(LEAD_IMPORT_FIELDS.map((field) => [field, column(field)])) as Record<LeadImportField, number>;
  const seen = new Set<string>();
  const candidates: ImportCandidate[] = [];
  const skipped: ReadRows['skipped'] = [];
  for (const { line, cells } of table.rows) {
    const value = (field: LeadImportField) => (columns[field] < 0 ? '' : cells[columns[field]]!);
    const skip = (reason: LeadImportSkipReason) => skipped.push({ line, reason });
    const phone = value('phone');
    if (phone === '') {
      skip('phone_missing');
      continue;
    }
    const phoneNormalized = phone.length <= PHONE_AS_TYPED_LIMIT ? normalisePhone(phone) : undefined;
    if (!phoneNormalized) {
      skip('phone_invalid');
      continue;
    }
    if (value('name') === '') {
      skip('name_missing');
      continue;
    }
    if ((Object.keys(LEAD_IMPORT_FIELD_LIMITS) as (keyof typeof LEAD_IMPORT_FIELD_LIMITS)[]).some((field) => value(field).length > LEAD_IMPORT_FIELD_LIMITS[field])) {
      skip('too_long');
      continue;
    }
    if (seen.has(phoneNormalized)) {
      skip('repeated_in_file');
      continue;
    }
    seen.add(phoneNormalized);
    const email = value('email').toLowerCase();
    candidates.push({
      line,
      name: value('name'),
      phone,
      phoneNormalized,
      // An address that is not one is left out rather than the row: the phone is what a lead is for.
      email: EMAIL.test(email) ? email : null,
      school: value('school'),
      major: value('major'),
      goals: value('goals') || null,
      note: value('note') || null,
      // Imported leads say so in their first touch; the file's source column, when mapped, names the source.
      source: { utm_source: value('source') || 'import', utm_medium: 'import' },
    });
  }
  return { candidates, skipped };
}
