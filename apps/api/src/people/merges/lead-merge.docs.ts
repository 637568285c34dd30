import { DUPLICATE_REASONS, type DuplicateGroup, LEAD_MERGE_FIELDS, LEAD_MERGE_RESOURCES, LEAD_MESSAGES, LEAD_STATUSES, type LeadMergeResponse, type LeadMergeSummary } from '@aipm/contracts';
import type { LeadMergeDto } from '@aipm/contracts/dto';
import { boolean, constant, dateTime, dictionary, listOf, nullable, object, oneOf, recordSchema, text, uuid } from '../../common/openapi/schemas';

/* The duplicates list, the merge and its undo: shapes and examples (ADR 022, ADR 072). */

const side = object({ resource: oneOf(LEAD_MERGE_RESOURCES, 'registrations'), id: uuid() });

export const DUPLICATE_GROUP = recordSchema<DuplicateGroup>(
  'DuplicateGroup',
  {
    reasons: listOf(oneOf(DUPLICATE_REASONS, 'phone'), 'Why the records are listed together: same normalised phone, same email, same name and school'),
    records: listOf(
      object({
        resource: oneOf(LEAD_MERGE_RESOURCES, 'registrations'),
        id: uuid(),
        name: text('张三'),
        phone: text('139****5678', 'Masked'),
        email: nullable(text('zhangsan@example.com')),
        school: nullable(text('中南大学', 'Registrations only')),
        major: nullable(text('计算机科学与技术')),
        goals: nullable(text('转型 AI 产品经理')),
        note: nullable(text('已电话联系')),
        status: oneOf(LEAD_STATUSES, 'new'),
        source: nullable(dictionary({ utm_source: 'wechat' }, 'First-touch source')),
        consented: boolean(true, 'A registration carrying the visitor\'s consent'),
        createdAt: dateTime(),
      }),
      'Oldest first'
    ),
  },
  { description: 'Leads that are likely one person (docs/product/back-office.md#duplicates)' }
);

export const LEAD_MERGE_BODY: LeadMergeDto = {
  survivorResource: 'registrations',
  survivorId: '3f2b8c1e-7a4d-4e0b-9c51-2d6f8a9b0c12',
  mergedResource: 'contact',
  mergedId: '7a1c2e3f-4b5d-4c6e-8f70-8192a3b4c5d6',
  fields: ['email'],
};
// Documented beside the body: which fields may be taken.
export const LEAD_MERGE_BODY_DESCRIPTION = `The merged lead folds into the survivor; \`fields\` (of ${LEAD_MERGE_FIELDS.join(', ')}) are taken from the merged lead, school, major and goals between two registrations only`;

const summary = {
  id: uuid(),
  survivor: side,
  merged: side,
  createdAt: dateTime(),
  undoneAt: nullable(dateTime('2026-11-24T08:35:00.000Z', 'When it was undone')),
};

export const LEAD_MERGED = recordSchema<LeadMergeResponse>('LeadMergeResponse', {
  success: constant(true),
  message: text(LEAD_MESSAGES.merged),
  data: recordSchema<LeadMergeSummary>('LeadMergeSummary', summary),
});
