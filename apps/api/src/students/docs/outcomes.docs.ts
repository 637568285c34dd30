import { EVIDENCE_KINDS, OUTCOME_CATEGORIES, OUTCOME_REVIEW_STATES, type OutcomeEvidenceResponse, type OutcomeResponse } from '@aipm/contracts';
import type { CreateOutcomeDto, ReturnOutcomeDto, UpdateOutcomeDto } from '@aipm/contracts/dto';
import { boolean, calendarDate, dateTime, integer, listOf, nullable, oneOf, recordSchema, text, uuid } from '../../common/openapi/schemas';

/* Job outcomes' shapes and examples (docs/product/outcomes.md); ADR 022. */

const STUDENT_ID = '5c4b3a29-1807-4f6e-9d5c-4b3a29180716';
const EVIDENCE_URL = '/api/admin/files/contracts/2d3e4f50-6172-4839-a4b5-c6d7e8f9a0b1.pdf';

const EVIDENCE = recordSchema<OutcomeEvidenceResponse>('OutcomeEvidence', {
  id: uuid('6172a4b5-8394-4a5b-86d7-e8f9a0b1c2d3'),
  kind: oneOf(EVIDENCE_KINDS, 'offer_letter'),
  accessURL: text(EVIDENCE_URL),
  originalName: text('录用通知书.pdf'),
  size: nullable(integer(98_304, 'Bytes')),
  contentType: nullable(text('application/pdf')),
  createdAt: dateTime(),
});

export const OUTCOME = recordSchema<OutcomeResponse>('OutcomeResponse', {
  id: uuid('94a5b6c7-d8e9-4f0a-8b1c-2d3e4f506172'),
  studentId: uuid(STUDENT_ID),
  category: oneOf(OUTCOME_CATEGORIES, 'in_field_full_time'),
  date: calendarDate('2026-11-20', 'The day the outcome became true: the offer accepted, or the status learnt'),
  employer: nullable(text('长沙某科技有限公司')),
  title: nullable(text('AI 产品经理')),
  city: nullable(text('长沙')),
  startDate: nullable(calendarDate('2026-12-01')),
  monthlyBase: nullable(integer(1500000, 'Cents a month')),
  monthsPerYear: nullable(integer(14)),
  fixedExtras: nullable(integer(1200000, 'Cents a year of fixed allowances')),
  annualBase: nullable(integer(21000000, 'Computed: monthlyBase × monthsPerYear')),
  contractSalary: nullable(integer(22200000, 'Computed: annualBase + fixedExtras')),
  notes: nullable(text('经内推')),
  evidence: listOf(EVIDENCE, 'Oldest first'),
  reviewState: oneOf(OUTCOME_REVIEW_STATES, 'accepted'),
  returnReason: nullable(text('录用通知书看不清，请重新上传')),
  reportedByStudent: boolean(false),
  reviewedAt: nullable(dateTime()),
  createdAt: dateTime(),
  updatedAt: dateTime(),
});

export const CREATE_OUTCOME_BODY: CreateOutcomeDto = {
  studentId: STUDENT_ID,
  category: 'in_field_full_time',
  date: '2026-11-20',
  employer: '长沙某科技有限公司',
  title: 'AI 产品经理',
  city: '长沙',
  startDate: '2026-12-01',
  monthlyBase: 1500000,
  monthsPerYear: 14,
  fixedExtras: 1200000,
  evidence: [{ accessURL: EVIDENCE_URL, kind: 'offer_letter' }],
};

export const UPDATE_OUTCOME_BODY: UpdateOutcomeDto = { monthsPerYear: 13 };

export const RETURN_OUTCOME_BODY: ReturnOutcomeDto = { reason: '录用通知书看不清，请重新上传' };
