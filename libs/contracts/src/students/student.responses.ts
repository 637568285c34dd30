import type { AttendanceMark, AttendanceSummary } from '../cohorts/attendance';
import type { Graduation, OutcomeResponse } from '../outcomes/outcome';
import type { ContractStatus, PaymentKind, PaymentMethod, PaymentStatus, StudentAccountKind, StudentAccountStatus, StudentStatus } from '../enums/students.enums';
import type { UploadFileType, UploadKind } from './student.messages';

/** A sum of integer cents in one currency (payments in different currencies are never added together). */
export interface MoneyTotal {
  currency: string;
  amount: number;
}

export interface StudentResponse {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  school: string | null;
  major: string | null;
  status: StudentStatus;
  /** Calendar dates, YYYY-MM-DD. */
  enrollmentDate: string;
  graduationDate: string | null;
  /** The day a withdrawn student left (docs/product/outcomes.md#graduation). */
  withdrawalDate: string | null;
  notes: string | null;
  /** Access URL of the photo (an administrator-only route of the API), or null. */
  profilePhoto: string | null;
  /** The cohort (docs/product/cohorts.md), or null. */
  cohortId: string | null;
  /** The card's payments total (docs/product/students.md#payments-total): completed payments, per currency. */
  paidTotals: MoneyTotal[];
  /** Pending (待确认) payments, per currency: the card's total shows them beside the completed ones; with one record only. */
  pendingTotals?: MoneyTotal[];
  /**
   * The lead this student was enrolled from (docs/product/students.md#enrol-a-lead): null when added by hand.
   * Sent with one record (show, create, enrol), not in list rows.
   */
  enrolledFrom?: EnrolledFrom | null;
  /** Days attended of the days marked (docs/product/cohorts.md#attendance); with one record only. */
  attendance?: AttendanceSummary;
  /** Graduated (on time or late against the cohort's last class day) or withdrawn, with the date; with one record only. */
  graduation?: Graduation | null;
  createdAt: string;
  updatedAt: string;
}

/** A lead as the back office links it: its resource and id. */
export interface EnrolledFrom {
  resource: 'registrations' | 'contact';
  id: string;
}

export interface ContractResponse {
  id: string;
  studentId: string;
  contractNumber: string;
  courseName: string;
  /** Integer cents. */
  contractAmount: number;
  currency: string;
  startDate: string;
  endDate: string;
  status: ContractStatus;
  /** The contract's files (docs/product/students.md#contract-files), oldest first. */
  files: StudentFileResponse[];
  signedDate: string | null;
  notes: string | null;
  /** Completed payments booked against this contract, in cents. */
  paidAmount: number;
  /** contractAmount − paidAmount; negative when overpaid. */
  outstandingAmount: number;
  /** 含薪资保障 (docs/product/guarantee.md#terms). */
  guaranteed: boolean;
  /** The contract's own guarantee terms (target in cents, the rest percents and days); null: the settings' default. */
  guaranteeTarget: number | null;
  refundRate: number | null;
  bonusThreshold: number | null;
  bonusRate: number | null;
  guaranteeWindowDays: number | null;
  minAttendance: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface PaymentResponse {
  id: string;
  studentId: string;
  contractId: string | null;
  paymentNumber: string;
  /** Tuition, or a guarantee refund or bonus (docs/product/guarantee.md). */
  kind: PaymentKind;
  /** Integer cents; negative for a refund. */
  amount: number;
  currency: string;
  paymentMethod: PaymentMethod;
  paymentDate: string;
  status: PaymentStatus;
  receipt: string | null;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/admin/payments?studentId=: one student's payments and their total (completed ones, per currency). */
export interface PaymentListResponse {
  success: true;
  data: PaymentResponse[];
  totals?: MoneyTotal[];
}

/**
 * A tool account (its text in `username`, no password) or a student login. The password is write-only: no answer
 * ever carries it or its hash.
 */
export interface StudentAccountResponse {
  id: string;
  studentId: string;
  kind: StudentAccountKind;
  username: string;
  /** Required for a student login; optional for a tool account. */
  email: string | null;
  status: StudentAccountStatus;
  lastLogin: string | null;
  createdAt: string;
  updatedAt: string;
}

/** POST /api/contracts/upload-url: where the browser PUTs the file (step 2), with the headers to send. */
export interface UploadUrlResponse {
  uploadURL: string;
  method: 'PUT';
  headers: { 'Content-Type': string };
  /** The URL stops working after this instant (ISO). */
  expiresAt: string;
  maxBytes: number;
}

/** POST /api/contracts/confirm-upload: the checked file; accessURL is what the student record stores. */
export interface ConfirmUploadResponse {
  accessURL: string;
  kind: UploadKind;
  type: UploadFileType;
  size: number;
  /** The name the file had on the uploader's machine, as step 1 recorded it. */
  originalName: string;
}

/**
 * One of a student's files (docs/product/students.md#contract-files): a contract's when `contractId` is set, else one
 * of the 其他文件 (other documents).
 */
export interface StudentFileResponse {
  id: string;
  studentId: string;
  contractId: string | null;
  /** Set for an outcome's evidence (docs/product/outcomes.md#evidence), which the card lists under its outcome. */
  outcomeId: string | null;
  accessURL: string;
  originalName: string;
  /** Bytes; null for a file stored before sizes were kept. */
  size: number | null;
  contentType: string | null;
  createdAt: string;
}

/** A stored file a record points at, as listed in a data export. */
export interface StudentFileEntry {
  accessURL: string;
  /** The profile photo, or one of the student's files (a contract's when contractId is set). */
  usedAs: 'profilePhoto' | 'file';
  contractId: string | null;
  originalName: string | null;
  /** null when the object is missing from storage. */
  size: number | null;
}

/** GET /api/admin/students/:id/export (PIPL): everything stored about one student. */
export interface StudentExport {
  exportedAt: string;
  student: Omit<StudentResponse, 'paidTotals'>;
  contracts: ContractResponse[];
  payments: PaymentResponse[];
  accounts: StudentAccountResponse[];
  files: StudentFileEntry[];
  /** Every attendance mark, oldest day first (docs/product/cohorts.md#attendance). */
  attendance: Array<{ cohortId: string; date: string; mark: AttendanceMark }>;
  /** Every job outcome with its evidence, by date (docs/product/outcomes.md). */
  outcomes: OutcomeResponse[];
}

export const STUDENT_PATHS = {
  students: '/api/admin/students',
  contracts: '/api/admin/contracts',
  payments: '/api/admin/payments',
  accounts: '/api/admin/student-accounts',
  studentFiles: '/api/admin/student-files',
  uploadUrl: '/api/contracts/upload-url',
  confirmUpload: '/api/contracts/confirm-upload',
  /** Followed by the object key: answers a redirect to a short-lived signed URL. */
  files: '/api/admin/files',
} as const;

/** Resource names in Content-Range (and react-admin's resource names). */
export const STUDENT_RESOURCES = {
  students: 'students',
  contracts: 'contracts',
  payments: 'payments',
  accounts: 'student-accounts',
  files: 'student-files',
} as const;

/** An access URL the API hands out: /api/admin/files/{contracts|photos}/<uuid>.<ext>. */
export const FILE_ACCESS_URL_PATTERN =
  /^\/api\/admin\/files\/(contracts|photos)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|jpg|jpeg|png|webp)$/;

/** A stored file's key, written by the confirm step alone: contracts/<uuid>.pdf, photos/<uuid>.png … (nothing else is ever served). */
export const UPLOAD_KEY_PATTERN = /^(contracts|photos)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|jpg|jpeg|png|webp)$/;

/**
 * Where the browser's PUT lands (ADR 036): `incoming/` + the key the file will have once confirmed. An upload
 * link writes here only, and the confirm step moves the checked object to its stored key, so a link used again
 * can never change a confirmed file.
 */
export const INCOMING_UPLOAD_PREFIX = 'incoming/';
export const INCOMING_UPLOAD_KEY_PATTERN = /^incoming\/(contracts|photos)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|jpg|jpeg|png|webp)$/;

/**
 * Where the front door serves the S3 store under the site's own origin (ADR 019): a presigned URL's
 * path-style `/<bucket>/<key>?X-Amz-…` becomes `/storage/<bucket>/<key>?X-Amz-…`, so the browser's PUT and
 * the view redirect stay on one origin whatever host the store signs for.
 */
export const STORAGE_PROXY_PATH = '/storage';

/** The storage key behind an access URL, or undefined when it is not one of ours. */
export function fileKeyOfAccessUrl(url: string): string | undefined {
  return FILE_ACCESS_URL_PATTERN.test(url) ? url.slice(STUDENT_PATHS.files.length + 1) : undefined;
}

/** PAY-{yyyymmdd}-{6 upper-case letters or digits} (docs/product/constants.md#payment-numbers). */
export const PAYMENT_NUMBER_PATTERN = /^PAY-\d{8}-[A-Z0-9]{6}$/;
