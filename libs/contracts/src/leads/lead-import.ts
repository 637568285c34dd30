import { LEAD_LIMITS } from './lead.messages';

/*
 * Importing leads from a CSV or XLSX file into the registrations (docs/product/back-office.md#lead-import, ADR 075):
 * the file, the column mapping, the dry run's plan and the batches that can be undone.
 */

export const LEAD_IMPORTS_PATH = '/api/admin/lead-imports';

export const LEAD_IMPORT_LIMITS = {
  /** The upload, in bytes. */
  maxBytes: 10 * 1024 * 1024,
  /** Data rows (the header row not counted). */
  maxRows: 50_000,
  /** Rows of the file shown under the mapping. */
  previewRows: 10,
  /** Skipped rows listed by the dry run, with their reason (the counts cover all of them). */
  listedRows: 50,
} as const;

/** The registration fields a column can fill; `phone` is required. */
export const LEAD_IMPORT_FIELDS = ['name', 'phone', 'email', 'school', 'major', 'goals', 'note', 'source'] as const;
export type LeadImportField = (typeof LEAD_IMPORT_FIELDS)[number];

/** Field → the column header it is read from; unmapped fields are absent. */
export type LeadImportMapping = Partial<Record<LeadImportField, string>>;

/** Headers that suggest a field, compared trimmed and lower-cased, whole header first, then contained. */
const FIELD_HEADERS: Record<LeadImportField, readonly string[]> = {
  name: ['姓名', '名字', '客户姓名', '联系人', 'name', 'full name', 'full_name'],
  phone: ['手机号', '手机', '手机号码', '电话', '联系电话', '电话号码', 'phone', 'mobile', 'phone number', 'phone_number', 'tel'],
  email: ['邮箱', '电子邮箱', '邮件', 'email', 'e-mail', 'mail'],
  school: ['学校', '院校', '毕业院校', '在读学校', 'school', 'university', 'college'],
  major: ['专业', '所学专业', 'major', 'subject'],
  goals: ['学习目标', '目标', '意向', 'goals', 'goal'],
  note: ['备注', '留言', '说明', 'note', 'notes', 'remark', 'comment'],
  source: ['来源', '渠道', '广告来源', 'source', 'utm_source', 'channel'],
};

/**
 * The mapping the headers suggest: each field takes the first header equal to one of its names, else the first
 * containing one (手机号码（必填）), and a header serves one field at most.
 */
export function suggestLeadImportMapping(headers: readonly string[]): LeadImportMapping {
  const mapping: LeadImportMapping = {};
  const taken = new Set<string>();
  const normal = (header: string) => header.trim().toLowerCase();
  for (const matches of [(header: string, name: string) => normal(header) === name, (header: string, name: string) => normal(header).includes(name)]) {
    for (const field of LEAD_IMPORT_FIELDS) {
      if (mapping[field] !== undefined) continue;
      const header = headers.find((candidate) => !taken.has(candidate) && FIELD_HEADERS[field].some((name) => matches(candidate, name)));
      if (header !== undefined) {
        mapping[field] = header;
        taken.add(header);
      }
    }
  }
  return mapping;
}

/** Why a row is not imported. */
export const LEAD_IMPORT_SKIP_REASONS = ['phone_missing', 'phone_invalid', 'name_missing', 'too_long', 'repeated_in_file'] as const;
export type LeadImportSkipReason = (typeof LEAD_IMPORT_SKIP_REASONS)[number];

export const LEAD_IMPORT_SKIP_LABELS: Record<LeadImportSkipReason, { zh: string; en: string }> = {
  phone_missing: { zh: '没有手机号', en: 'No phone number' },
  phone_invalid: { zh: '手机号无效', en: 'Invalid phone number' },
  name_missing: { zh: '没有姓名', en: 'No name' },
  too_long: { zh: '内容超长', en: 'A value is too long' },
  repeated_in_file: { zh: '与文件中前面的行手机号重复', en: 'Same phone as an earlier row of the file' },
};

/** The longest value each field takes (the registration form's limits). */
export const LEAD_IMPORT_FIELD_LIMITS: Record<Exclude<LeadImportField, 'phone'>, number> = {
  name: LEAD_LIMITS.name,
  email: LEAD_LIMITS.email,
  school: LEAD_LIMITS.school,
  major: LEAD_LIMITS.major,
  goals: LEAD_LIMITS.goals,
  note: LEAD_LIMITS.note,
  source: LEAD_LIMITS.sourceValue,
};

/** What the file holds: its headers, the suggested mapping and its first rows. */
export interface LeadImportPreviewResponse {
  fileName: string;
  /** csv or xlsx, from the content. */
  format: 'csv' | 'xlsx';
  headers: string[];
  rowCount: number;
  suggestedMapping: LeadImportMapping;
  /** The first rows, header → cell text. */
  rows: Record<string, string>[];
}

export interface LeadImportSkippedRow {
  /** 1-based line of the file's data (the header row is line 1, the first data row 2). */
  line: number;
  reason: LeadImportSkipReason;
}

/** The dry run: what importing the file with this mapping would do now. */
export interface LeadImportPlanResponse {
  rowCount: number;
  created: number;
  merged: number;
  skipped: number;
  skippedByReason: Partial<Record<LeadImportSkipReason, number>>;
  /** The first skipped rows (LEAD_IMPORT_LIMITS.listedRows), in file order. */
  skippedRows: LeadImportSkippedRow[];
  /** The first rows to be created and merged, masked phones. */
  createdRows: { line: number; name: string; phone: string }[];
  mergedRows: { line: number; name: string; phone: string; leadId: string }[];
}

/** One import, as the history lists it. */
export interface LeadImportBatchResponse {
  id: string;
  fileName: string;
  rowCount: number;
  created: number;
  merged: number;
  skipped: number;
  skippedByReason: Partial<Record<LeadImportSkipReason, number>>;
  importedBy: string | null;
  createdAt: string;
  undoneAt: string | null;
  undoneBy: string | null;
}
