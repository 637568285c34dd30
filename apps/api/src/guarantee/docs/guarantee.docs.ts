import { DEFAULT_GUARANTEE_TERMS, GUARANTEE_STATUSES, type GuaranteeEntryResponse, type GuaranteeSummaryResponse, type GuaranteeTerms } from '@aipm/contracts';
import type { UpdateGuaranteeSettingsDto } from '@aipm/contracts/dto';
import { MONEY_TOTAL } from '../../students/docs/students.docs';
import { boolean, calendarDate, integer, listOf, nullable, object, oneOf, recordSchema, text, uuid } from '../../common/openapi/schemas';

/* The salary guarantee's shapes and examples (docs/product/guarantee.md); ADR 022. */

export const GUARANTEE_TERMS = recordSchema<GuaranteeTerms>('GuaranteeTerms', {
  target: integer(DEFAULT_GUARANTEE_TERMS.target, '目标年薪, cents'),
  refundRate: integer(DEFAULT_GUARANTEE_TERMS.refundRate, 'Percent of the tuition paid'),
  bonusThreshold: integer(DEFAULT_GUARANTEE_TERMS.bonusThreshold, 'Percent of the target an offer must reach for the bonus'),
  bonusRate: integer(DEFAULT_GUARANTEE_TERMS.bonusRate, 'The bonus, percent of the contract amount'),
  windowDays: integer(DEFAULT_GUARANTEE_TERMS.windowDays, 'Days after graduation within which an offer counts'),
  minAttendance: integer(DEFAULT_GUARANTEE_TERMS.minAttendance, 'Attendance rate the student must reach, percent'),
});

export const GUARANTEE_ENTRY = recordSchema<GuaranteeEntryResponse>('GuaranteeEntry', {
  id: uuid('7e6d5c4b-3a29-4180-9f6e-5d4c3b2a1908', "The contract's id"),
  contractNumber: text('HT-2026-0001'),
  studentId: uuid('5c4b3a29-1807-4f6e-9d5c-4b3a29180716'),
  studentName: text('王五'),
  currency: text('CNY'),
  contractAmount: integer(1980000),
  tuitionPaid: integer(1980000, 'Completed tuition, cents'),
  refundsPaid: integer(0, 'Completed refunds, cents (positive)'),
  bonusesPaid: integer(0),
  terms: GUARANTEE_TERMS,
  graduation: nullable(object({ status: oneOf(['graduated', 'withdrawn'], 'graduated'), date: calendarDate('2026-04-05'), onTime: nullable(boolean(true)) })),
  attendance: object({ attended: integer(33), marked: integer(35) }),
  status: oneOf(GUARANTEE_STATUSES, 'open'),
  failedRule: nullable(oneOf(['graduated', 'attendance'], 'attendance', 'For ineligible: the rule that failed')),
  windowEnd: nullable(calendarDate('2026-10-02', 'The last day an offer counts')),
  bestSalary: nullable(integer(21000000, 'The best contract salary within the window, cents')),
  owed: integer(0, 'Refund or bonus due now, cents'),
  exposure: integer(1980000, 'Refund that may still be owed while the window is open, cents'),
});

export const GUARANTEE_SUMMARY = recordSchema<GuaranteeSummaryResponse>('GuaranteeSummary', {
  openExposure: listOf(MONEY_TOTAL),
  refundsDue: listOf(MONEY_TOTAL),
  bonusesDue: listOf(MONEY_TOTAL),
  counts: object(Object.fromEntries(GUARANTEE_STATUSES.map((status) => [status, integer(0)]))),
});

export const UPDATE_GUARANTEE_SETTINGS_BODY: UpdateGuaranteeSettingsDto = { target: 20_000_000, windowDays: 180 };
