import type { AttendanceMark } from '../cohorts/attendance';
import type { ClassDay, CohortStatus } from '../cohorts/cohort';
import type { ContractStatus, PaymentKind, PaymentMethod, PaymentStatus, StudentAccountKind, StudentAccountStatus, StudentStatus } from '../enums/students.enums';
import type { GuaranteeLedgerEntry, GuaranteeStatus, GuaranteeTerms } from '../outcomes/guarantee';
import type { MoneyTotal } from '../students/student.responses';

/*
 * What a signed-in student sees of their own records (docs/product/student-portal.md#what-the-student-sees, ADR 067):
 * one read, GET /api/student/me, filtered by the session's student id, and their contract files through
 * GET /api/student/files/{id}. Every figure is the back office's, computed by the same code.
 */

/** The student's own download of one of their contract files (a redirect to a 60-second signed link). */
export const studentFilePath = (fileId: string) => `/api/student/files/${encodeURIComponent(fileId)}`;

/** One module of the cohort's calendar: its number (1 to 7) and its class days in order. */
export interface MyCalendarModule {
  module: number;
  days: Array<Pick<ClassDay, 'date' | 'dayOfModule'>>;
}

export interface MyCohort {
  name: string;
  startDate: string;
  /** The last class day. */
  endDate: string;
  status: CohortStatus;
  modules: MyCalendarModule[];
  /** Today's class day when today (China time) is one, else null. */
  todayClassDay: ClassDay | null;
}

export interface MyAttendance {
  /** Days attended (出勤, 迟到) of the days marked; `rate` in whole percent, null before any day is marked. */
  attended: number;
  marked: number;
  rate: number | null;
  /** Every marked day, newest first; module and day of module when the day is in the student's current cohort. */
  days: Array<{ date: string; mark: AttendanceMark; module: number | null; dayOfModule: number | null }>;
}

export interface MyContractFile {
  id: string;
  /** The file's original name. */
  name: string;
  size: number | null;
  contentType: string | null;
  /** Site-relative: the student's own download route. */
  url: string;
}

export interface MyContract {
  id: string;
  contractNumber: string;
  courseName: string;
  /** Cents. */
  contractAmount: number;
  currency: string;
  startDate: string;
  endDate: string;
  signedDate: string | null;
  status: ContractStatus;
  /** Completed tuition booked against the contract (the back office's paid against due), cents. */
  paidAmount: number;
  /** contractAmount − paidAmount; negative when overpaid. */
  outstandingAmount: number;
  guaranteed: boolean;
  files: MyContractFile[];
}

export interface MyPayment {
  id: string;
  paymentNumber: string;
  kind: PaymentKind;
  /** Cents; a guarantee refund is negative. */
  amount: number;
  currency: string;
  paymentMethod: PaymentMethod;
  paymentDate: string;
  status: PaymentStatus;
}

export interface MyPayments {
  /** Newest payment date first. */
  items: MyPayment[];
  /** The card's 合计: completed and pending tuition, per currency. */
  total: MoneyTotal[];
  completed: MoneyTotal[];
  pending: MoneyTotal[];
  /** What is still due on the contracts: the sum of their outstanding amounts, per currency (negative: overpaid). */
  balance: MoneyTotal[];
}

/** A tool account the school gave the student (never the 学员登录 itself; tool accounts have no password). */
export interface MyToolAccount {
  id: string;
  kind: Exclude<StudentAccountKind, 'student_login'>;
  /** 账号. */
  username: string;
  email: string | null;
  status: StudentAccountStatus;
}

/**
 * What the salary guarantee of one contract still needs, in words a student reads ({@link guaranteeNeedOf}).
 * Amounts are cents in `currency`; dates YYYY-MM-DD (China).
 */
export type GuaranteeNeed =
  | { code: 'withdrawn' }
  | { code: 'graduate_first'; target: number; currency: string; windowDays: number; minAttendance: number }
  | { code: 'report_offer'; target: number; currency: string; by: string }
  | { code: 'attendance_below'; minAttendance: number }
  | { code: 'met'; bestSalary: number | null; currency: string }
  | { code: 'bonus_due'; amount: number; currency: string }
  | { code: 'bonus_paid' }
  | { code: 'refund_due'; amount: number; currency: string }
  | { code: 'refunded' };

export interface MyGuarantee {
  contractNumber: string;
  status: GuaranteeStatus;
  /** The last day an offer counts; null before graduation (the window opens then). */
  windowEnd: string | null;
  need: GuaranteeNeed;
}

/** GET /api/student/me. */
export interface MyRecordResponse {
  success: true;
  data: {
    /** Today in China (Asia/Shanghai), YYYY-MM-DD: what the calendar marks. */
    today: string;
    name: string;
    status: StudentStatus;
    cohort: MyCohort | null;
    attendance: MyAttendance;
    contracts: MyContract[];
    payments: MyPayments;
    toolAccounts: MyToolAccount[];
    /** One per contract that carries the guarantee, oldest contract first. */
    guarantee: MyGuarantee[];
  };
}

/**
 * The ledger's entry of one guaranteed contract in a student's words: what is still needed (graduate first, report an
 * offer of at least the target by the window's last day) or how it ended. The status itself is guaranteeStatusOf's
 * (docs/product/guarantee.md#status); this only words it.
 */
export function guaranteeNeedOf(entry: GuaranteeLedgerEntry & { terms: GuaranteeTerms; currency: string }): GuaranteeNeed {
  const { terms, currency } = entry;
  switch (entry.status) {
    case 'ineligible':
      return entry.failedRule === 'attendance' ? { code: 'attendance_below', minAttendance: terms.minAttendance } : { code: 'withdrawn' };
    case 'open':
      return entry.windowEnd === null
        ? { code: 'graduate_first', target: terms.target, currency, windowDays: terms.windowDays, minAttendance: terms.minAttendance }
        : { code: 'report_offer', target: terms.target, currency, by: entry.windowEnd };
    case 'met':
      return { code: 'met', bestSalary: entry.bestSalary, currency };
    case 'bonus_due':
      return { code: 'bonus_due', amount: entry.owed, currency };
    case 'bonus_paid':
      return { code: 'bonus_paid' };
    case 'refund_due':
      return { code: 'refund_due', amount: entry.owed, currency };
    case 'refunded':
      return { code: 'refunded' };
  }
}

/** The cohort's calendar grouped by module, in order (modules without a day are left out). */
export function calendarByModule(calendar: readonly ClassDay[]): MyCalendarModule[] {
  const modules: MyCalendarModule[] = [];
  for (const day of calendar) {
    let current = modules.at(-1);
    if (current?.module !== day.module) modules.push((current = { module: day.module, days: [] }));
    current.days.push({ date: day.date, dayOfModule: day.dayOfModule });
  }
  return modules;
}

/** What is still due on the contracts: their outstanding amounts summed per currency (the back office's paid against due). */
export function balanceOf(contracts: ReadonlyArray<Pick<MyContract, 'currency' | 'outstandingAmount'>>): MoneyTotal[] {
  const sums = new Map<string, number>();
  for (const { currency, outstandingAmount } of contracts) sums.set(currency, (sums.get(currency) ?? 0) + outstandingAmount);
  return [...sums].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([currency, amount]) => ({ currency, amount }));
}
