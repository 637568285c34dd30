import type { LeadImportBatchResponse, LeadImportPlanResponse, LeadImportPreviewResponse } from '@aipm/contracts';
import { LEAD_IMPORT_FIELDS, LEAD_IMPORT_SKIP_REASONS } from '@aipm/contracts';
import { dateTime, dictionary, integer, listOf, nullable, object, oneOf, recordSchema, text, uuid } from '../../common/openapi/schemas';

const MAPPING = dictionary({ name: '姓名', phone: '手机号', school: '学校' }, `Field (${LEAD_IMPORT_FIELDS.join(', ')}) → the header it is read from`);
const BY_REASON = { type: 'object' as const, additionalProperties: { type: 'integer' as const }, example: { phone_invalid: 3, repeated_in_file: 12 }, description: `Skipped rows per reason (${LEAD_IMPORT_SKIP_REASONS.join(', ')})` };

export const LEAD_IMPORT_PREVIEW = recordSchema<LeadImportPreviewResponse>('LeadImportPreview', {
  fileName: text('报名表.xlsx'),
  format: oneOf(['csv', 'xlsx'] as const, 'xlsx', 'From the content, not the name'),
  headers: listOf(text('手机号')),
  rowCount: integer(1280, 'Data rows (the header row not counted)'),
  suggestedMapping: MAPPING,
  rows: listOf(dictionary({ 姓名: '张三', 手机号: '13800138000' }), 'The first rows, header → cell'),
});

export const LEAD_IMPORT_PLAN = recordSchema<LeadImportPlanResponse>('LeadImportPlan', {
  rowCount: integer(1280),
  created: integer(1100),
  merged: integer(150),
  skipped: integer(30),
  skippedByReason: BY_REASON,
  skippedRows: listOf(object({ line: integer(7), reason: oneOf(LEAD_IMPORT_SKIP_REASONS) }), 'The first 50 skipped rows'),
  createdRows: listOf(object({ line: integer(2), name: text('张三'), phone: text('138****8000') }), 'The first 50 rows to be created (masked phones)'),
  mergedRows: listOf(object({ line: integer(3), name: text('李四'), phone: text('139****9000'), leadId: uuid() }), 'The first 50 rows to be merged, with the lead they merge into'),
});

export const LEAD_IMPORT_BATCH = recordSchema<LeadImportBatchResponse>('LeadImportBatch', {
  id: uuid(),
  fileName: text('报名表.xlsx'),
  rowCount: integer(1280),
  created: integer(1100),
  merged: integer(150),
  skipped: integer(30),
  skippedByReason: BY_REASON,
  importedBy: nullable(text('admin@example.com')),
  createdAt: dateTime(),
  undoneAt: nullable(dateTime()),
  undoneBy: nullable(text('admin@example.com')),
});
