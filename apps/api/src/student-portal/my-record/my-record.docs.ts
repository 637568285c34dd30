import {
  ATTENDANCE_MARKS,
  COHORT_STATUSES,
  CONTRACT_STATUSES,
  GUARANTEE_STATUSES,
  type MyRecordResponse,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  STUDENT_ACCOUNT_STATUSES,
  STUDENT_STATUSES,
  TOOL_ACCOUNT_KINDS,
} from '@aipm/contracts';
import { boolean, calendarDate, constant, integer, listOf, nullable, object, oneOf, recordSchema, text, uuid } from '../../common/openapi/schemas';
import { MONEY_TOTAL } from '../../students/docs/students.docs';

/* GET /api/student/me's shape and examples (ADR 022, ADR 067). */

const FILE_ID = '1c2d3e4f-5061-4728-93a4-b5c6d7e8f9a0';
const NEED_CODES = ['graduate_first', 'report_offer', 'withdrawn', 'attendance_below', 'met', 'bonus_due', 'bonus_paid', 'refund_due', 'refunded'] as const;

export const MY_RECORD = recordSchema<MyRecordResponse>('MyRecordResponse', {
  success: constant(true),
  data: object({
    today: calendarDate('2026-11-29', 'Today in China (Asia/Shanghai)'),
    name: text('张三'),
    status: oneOf(STUDENT_STATUSES, 'active'),
    cohort: nullable(
      object({
        name: text('2026年11月期'),
        startDate: calendarDate('2026-11-23'),
        endDate: calendarDate('2026-12-27', 'The last class day'),
        status: oneOf(COHORT_STATUSES, 'running'),
        modules: listOf(object({ module: integer(1), days: listOf(object({ date: calendarDate('2026-11-23'), dayOfModule: integer(1) })) }), 'The class days by module, in order'),
        todayClassDay: nullable(object({ date: calendarDate('2026-11-29'), module: integer(2), dayOfModule: integer(5) }, 'Today, when it is a class day')),
      }, 'null: not in a cohort yet'),
    ),
    attendance: object({
      attended: integer(5),
      marked: integer(6),
      rate: nullable(integer(83, 'Whole percent; null before any day is marked')),
      days: listOf(object({ date: calendarDate('2026-11-28'), mark: oneOf(ATTENDANCE_MARKS, 'present'), module: nullable(integer(2)), dayOfModule: nullable(integer(4)) }), 'Newest first'),
    }),
    contracts: listOf(
      object({
        id: uuid(),
        contractNumber: text('HT-2026-0001'),
        courseName: text('AI产品经理训练营'),
        contractAmount: integer(1980000, 'Cents'),
        currency: text('CNY'),
        startDate: calendarDate('2026-11-23'),
        endDate: calendarDate('2026-12-27'),
        signedDate: nullable(calendarDate('2026-11-20')),
        status: oneOf(CONTRACT_STATUSES, 'active'),
        paidAmount: integer(1000000, 'Completed tuition against the contract, cents'),
        outstandingAmount: integer(980000, 'contractAmount − paidAmount'),
        guaranteed: boolean(true),
        files: listOf(object({ id: uuid(FILE_ID), name: text('合同.pdf'), size: nullable(integer(182044)), contentType: nullable(text('application/pdf')), url: text(`/api/student/files/${FILE_ID}`) })),
      }),
      'Oldest first',
    ),
    payments: object({
      items: listOf(
        object({
          id: uuid(),
          paymentNumber: text('PAY-20261120-7KQ2ZD'),
          kind: oneOf(PAYMENT_KINDS, 'tuition'),
          amount: integer(1000000, 'Cents; a guarantee refund is negative'),
          currency: text('CNY'),
          paymentMethod: oneOf(PAYMENT_METHODS, 'transfer'),
          paymentDate: calendarDate('2026-11-20'),
          status: oneOf(PAYMENT_STATUSES, 'completed'),
        }),
        'Newest payment date first',
      ),
      total: listOf(MONEY_TOTAL, 'Completed and pending tuition (the card\'s 合计)'),
      completed: listOf(MONEY_TOTAL),
      pending: listOf(MONEY_TOTAL),
      balance: listOf(MONEY_TOTAL, 'The contracts\' outstanding amounts summed'),
    }),
    toolAccounts: listOf(object({ id: uuid(), kind: oneOf(TOOL_ACCOUNT_KINDS, 'vpn'), username: text('vpn-01'), email: nullable(text('vpn-01@example.com')), status: oneOf(STUDENT_ACCOUNT_STATUSES, 'active') })),
    guarantee: listOf(
      object({
        contractNumber: text('HT-2026-0001'),
        status: oneOf(GUARANTEE_STATUSES, 'open'),
        windowEnd: nullable(calendarDate('2027-06-25')),
        need: object(
          {
            code: oneOf(NEED_CODES, 'graduate_first'),
            target: integer(20000000, 'Cents'),
            currency: text('CNY'),
            windowDays: integer(180),
            minAttendance: integer(90),
            by: calendarDate('2027-06-25'),
            bestSalary: nullable(integer(21000000)),
            amount: integer(198000, 'Cents'),
          },
          'What is still needed, or how it ended; the fields besides code depend on it',
          ['target', 'currency', 'windowDays', 'minAttendance', 'by', 'bestSalary', 'amount'],
        ),
      }),
    ),
  }),
});
