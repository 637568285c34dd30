import {
  ATTENDANCE_MARKS,
  CONTRACT_STATUSES,
  type ContractResponse,
  type EnrolledFrom,
  type MoneyTotal,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentListResponse,
  type PaymentResponse,
  STUDENT_ACCOUNT_KINDS,
  STUDENT_ACCOUNT_STATUSES,
  STUDENT_STATUSES,
  type StudentAccountResponse,
  type StudentExport,
  type StudentFileEntry,
  type StudentFileResponse,
  type StudentResponse,
} from '@aipm/contracts';
import type {
  AttachStudentFileDto,
  CreateContractDto,
  CreatePaymentDto,
  CreateStudentAccountDto,
  CreateStudentDto,
  EnrolLeadDto,
  MoveStudentFileDto,
  UpdateContractDto,
  UpdateStudentAccountDto,
  UpdateStudentDto,
} from '@aipm/contracts/dto';
import { OUTCOME } from './outcomes.docs';
import { boolean, calendarDate, constant, dateTime, integer, listOf, nullable, object, oneOf, recordSchema, text, type PropertiesOf, uuid } from '../../common/openapi/schemas';

/* The students back office's shapes and examples (students, contracts, payments, accounts, PIPL export); ADR 022. */

const STUDENT_ID = '5c4b3a29-1807-4f6e-9d5c-4b3a29180716';
const CONTRACT_ID = '7e6d5c4b-3a29-4180-9f6e-5d4c3b2a1908';
const PHOTO_URL = '/api/admin/files/photos/0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9.jpg';
const CONTRACT_FILE_URL = '/api/admin/files/contracts/1c2d3e4f-5061-4728-93a4-b5c6d7e8f9a0.pdf';

export const MONEY_TOTAL = recordSchema<MoneyTotal>('MoneyTotal', { currency: text('CNY'), amount: integer(1980000, 'Integer cents') });

const studentProperties: PropertiesOf<Omit<StudentResponse, 'paidTotals' | 'pendingTotals' | 'enrolledFrom' | 'attendance' | 'graduation'>> = {
  id: uuid(STUDENT_ID),
  name: text('王五'),
  phone: text('13812345678'),
  email: nullable(text('wangwu@example.com')),
  school: nullable(text('湖南大学')),
  major: nullable(text('工商管理')),
  status: oneOf(STUDENT_STATUSES, 'active'),
  enrollmentDate: calendarDate('2026-09-01'),
  graduationDate: nullable(calendarDate('2026-10-06')),
  withdrawalDate: nullable(calendarDate('2026-09-20', 'The day a withdrawn student left')),
  notes: nullable(text('周末班')),
  profilePhoto: nullable(text(PHOTO_URL, 'Access URL of the photo (an administrator-only route)')),
  cohortId: nullable(uuid('8a7b6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d', 'The cohort (期次)')),
  createdAt: dateTime(),
  updatedAt: dateTime(),
};

const ENROLLED_FROM = recordSchema<EnrolledFrom>('EnrolledFrom', {
  resource: oneOf(['registrations', 'contact'], 'registrations'),
  id: uuid('6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d', 'The lead'),
});

export const STUDENT = recordSchema<StudentResponse>(
  'StudentResponse',
  {
    ...studentProperties,
    paidTotals: listOf(MONEY_TOTAL, 'Completed payments, per currency'),
    pendingTotals: listOf(MONEY_TOTAL, 'Pending payments, per currency; with one record only'),
    // The lead the student was enrolled from (null: added by hand); with one record only, not in list rows.
    enrolledFrom: nullable(ENROLLED_FROM),
    // Days attended (出勤, 迟到) of the days marked; with one record only.
    attendance: object({ attended: integer(28), marked: integer(30) }),
    // Graduated (on time or late against the cohort's last class day) or withdrawn, with the date; with one record only.
    graduation: nullable(
      object({ status: oneOf(['graduated', 'withdrawn'], 'graduated'), date: calendarDate('2026-10-06'), onTime: nullable(boolean(true, 'Graduated only; null without a cohort')) }),
    ),
  },
  { optional: ['pendingTotals', 'enrolledFrom', 'attendance', 'graduation'] },
);

const STUDENT_RECORD = recordSchema<Omit<StudentResponse, 'paidTotals' | 'pendingTotals' | 'enrolledFrom' | 'attendance' | 'graduation'>>('StudentRecord', studentProperties, { description: 'A student without the payment totals' });

export const STUDENT_FILE = recordSchema<StudentFileResponse>('StudentFileResponse', {
  id: uuid('4f506172-8394-4a5b-86d7-e8f9a0b1c2d3'),
  studentId: uuid(STUDENT_ID),
  contractId: nullable(uuid(CONTRACT_ID)),
  outcomeId: nullable(uuid('94a5b6c7-d8e9-4f0a-8b1c-2d3e4f506172', "An outcome's evidence (managed through the outcome)")),
  accessURL: text(CONTRACT_FILE_URL),
  originalName: text('王五-培训合同.pdf', "The uploader's file name, as step 1 of the upload recorded it"),
  size: nullable(integer(183_204, 'Bytes; null for a file stored before sizes were kept')),
  contentType: nullable(text('application/pdf')),
  createdAt: dateTime(),
});

export const CONTRACT = recordSchema<ContractResponse>('ContractResponse', {
  id: uuid(CONTRACT_ID),
  studentId: uuid(STUDENT_ID),
  contractNumber: text('HT-2026-0001'),
  courseName: text('AI 产品经理 35 天训练营'),
  contractAmount: integer(1980000, 'Integer cents'),
  currency: text('CNY'),
  startDate: calendarDate('2026-09-01'),
  endDate: calendarDate('2026-10-06'),
  status: oneOf(CONTRACT_STATUSES, 'active'),
  files: listOf(STUDENT_FILE, "The contract's files, oldest first"),
  signedDate: nullable(calendarDate('2026-08-25')),
  notes: nullable(text('分两期付款')),
  paidAmount: integer(990000, 'Completed payments against this contract, in cents'),
  outstandingAmount: integer(990000, 'contractAmount − paidAmount; negative when overpaid'),
  guaranteed: boolean(true, '含薪资保障: the contract is in the guarantee ledger'),
  guaranteeTarget: nullable(integer(20000000, "The contract's own target, cents; null: the settings'")),
  refundRate: nullable(integer(100, "Percent of the tuition paid; null: the settings'")),
  bonusThreshold: nullable(integer(150, "Percent of the target; null: the settings'")),
  bonusRate: nullable(integer(10, "Percent of the contract amount; null: the settings'")),
  guaranteeWindowDays: nullable(integer(180, "Days after graduation; null: the settings'")),
  minAttendance: nullable(integer(90, "Percent; null: the settings'")),
  createdAt: dateTime(),
  updatedAt: dateTime(),
});

export const PAYMENT = recordSchema<PaymentResponse>('PaymentResponse', {
  id: uuid('2d3e4f50-6172-4839-a4b5-c6d7e8f9a0b1'),
  studentId: uuid(STUDENT_ID),
  contractId: nullable(uuid(CONTRACT_ID)),
  paymentNumber: text('PAY-20260901-A1B2C3', 'PAY-yyyymmdd-XXXXXX'),
  kind: oneOf(PAYMENT_KINDS, 'tuition', 'Tuition, or a guarantee refund (negative) or bonus'),
  amount: integer(990000, 'Integer cents; negative for a refund'),
  currency: text('CNY'),
  paymentMethod: oneOf(PAYMENT_METHODS, 'wechat'),
  paymentDate: calendarDate('2026-09-01'),
  status: oneOf(PAYMENT_STATUSES, 'completed'),
  receipt: nullable(text('微信支付单号 4200001234')),
  notes: nullable(text('第一期')),
  createdAt: dateTime(),
  updatedAt: dateTime(),
});

export const PAYMENT_LIST = recordSchema<PaymentListResponse>(
  'PaymentListResponse',
  { success: constant(true), data: listOf(PAYMENT), totals: listOf(MONEY_TOTAL, 'With ?studentId=: the student\'s completed payments, per currency') },
  { optional: ['totals'] },
);

export const STUDENT_ACCOUNT = recordSchema<StudentAccountResponse>('StudentAccountResponse', {
  id: uuid('3e4f5061-7283-494a-b5c6-d7e8f9a0b1c2'),
  studentId: uuid(STUDENT_ID),
  kind: oneOf(STUDENT_ACCOUNT_KINDS, 'student_login'),
  username: text('wangwu', "A login's username, or a tool account's text"),
  email: nullable(text('wangwu@example.com')),
  status: oneOf(STUDENT_ACCOUNT_STATUSES, 'active'),
  lastLogin: nullable(dateTime()),
  createdAt: dateTime(),
  updatedAt: dateTime(),
});

const FILE_ENTRY = recordSchema<StudentFileEntry>('StudentFileEntry', {
  accessURL: text(CONTRACT_FILE_URL),
  usedAs: oneOf(['profilePhoto', 'file'], 'file'),
  contractId: nullable(uuid(CONTRACT_ID)),
  originalName: nullable(text('王五-培训合同.pdf', 'null for the photo')),
  size: nullable(integer(183_204, 'Bytes; null when the object is missing from storage')),
});

export const STUDENT_EXPORT = recordSchema<StudentExport>(
  'StudentExport',
  {
    exportedAt: dateTime(),
    student: STUDENT_RECORD,
    contracts: listOf(CONTRACT),
    payments: listOf(PAYMENT),
    accounts: listOf(STUDENT_ACCOUNT, 'Never a password or its hash'),
    files: listOf(FILE_ENTRY),
    attendance: listOf(object({ cohortId: uuid('8a7b6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d'), date: calendarDate('2026-03-02'), mark: oneOf(ATTENDANCE_MARKS, 'present') }), 'Every attendance mark, oldest day first'),
    outcomes: listOf(OUTCOME, 'Every job outcome with its evidence, by date'),
  },
  { description: 'Everything stored about one student (PIPL access request)' },
);

export const CREATE_STUDENT_BODY: CreateStudentDto = {
  name: '王五',
  phone: '13812345678',
  email: 'wangwu@example.com',
  school: '湖南大学',
  major: '工商管理',
  status: 'active',
  enrollmentDate: '2026-09-01',
  notes: '周末班',
};

export const UPDATE_STUDENT_BODY: UpdateStudentDto = { status: 'graduated', graduationDate: '2026-10-06' };

/** Enrolling a lead: what the dialog changed; name, phone, email, school and major default to the lead's. */
export const ENROL_LEAD_BODY: EnrolLeadDto = { enrollmentDate: '2026-09-01', notes: '周末班' };

export const CREATE_CONTRACT_BODY: CreateContractDto = {
  studentId: STUDENT_ID,
  contractNumber: 'HT-2026-0001',
  courseName: 'AI 产品经理 35 天训练营',
  contractAmount: 1980000,
  currency: 'CNY',
  startDate: '2026-09-01',
  endDate: '2026-10-06',
  status: 'active',
  signedDate: '2026-08-25',
};

export const ATTACH_FILE_BODY: AttachStudentFileDto = { studentId: STUDENT_ID, contractId: CONTRACT_ID, accessURL: CONTRACT_FILE_URL };

export const MOVE_FILE_BODY: MoveStudentFileDto = { contractId: null };

export const UPDATE_CONTRACT_BODY: UpdateContractDto = { status: 'completed', notes: '已结课' };

export const CREATE_PAYMENT_BODY: CreatePaymentDto = {
  studentId: STUDENT_ID,
  contractId: CONTRACT_ID,
  amount: 990000,
  currency: 'CNY',
  paymentMethod: 'wechat',
  paymentDate: '2026-09-01',
  status: 'completed',
  notes: '第一期',
};

export const CREATE_ACCOUNT_BODY: CreateStudentAccountDto = {
  studentId: STUDENT_ID,
  kind: 'student_login',
  username: 'wangwu',
  email: 'wangwu@example.com',
  password: 'a-long-passphrase-2026',
  status: 'active',
};

export const UPDATE_ACCOUNT_BODY: UpdateStudentAccountDto = { status: 'suspended' };
