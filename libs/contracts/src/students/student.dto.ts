import { ArrayMaxSize, IsBoolean, IsDefined, IsEmail, IsIn, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, IsUUID, Matches, MaxLength, Max, Min, MinLength, ValidateIf, type ValidationArguments } from 'class-validator';
import { CURRENCY_CODE_PATTERN } from '../enums/money.enums';
import {
  CONTRACT_STATUSES,
  type ContractStatus,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PaymentKind,
  type PaymentMethod,
  type PaymentStatus,
  STUDENT_ACCOUNT_KINDS,
  STUDENT_ACCOUNT_STATUSES,
  STUDENT_STATUSES,
  type StudentAccountKind,
  type StudentAccountStatus,
  type StudentStatus,
} from '../enums/students.enums';
import { IsLeadPhone, Trimmed } from '../leads/lead-validators';
import { rule } from '../validation/rule';
import { STUDENT_LIMITS, UPLOAD_KINDS, UPLOAD_LIMITS, type UploadKind } from './student.messages';
import { PAYMENT_NUMBER_PATTERN } from './student.responses';
import {
  AreContractFileUrls,
  ChinaCalendarDay,
  ClearableEmail,
  custom,
  HasUploadExtension,
  IsAfterDateOf,
  IsCalendarDate,
  IsFileAccessUrl,
  Optional,
  OptionalText,
  Rules,
} from './student-validators';

/*
 * The rules of the students section (docs/product/validation.md#student and the sections after it), one rule set
 * per field shared by the create and update bodies (which differ in what is required). The top rule of a set is
 * the one reported when several fail. Optional text fields take null or '' to clear them; fields that cannot be
 * empty refuse null.
 */

const L = STUDENT_LIMITS;

// ── fields ───────────────────────────────────────────────────────────────────────────────────────
const studentName = () => Rules(Trimmed(), IsString(rule('NAME_REQUIRED')), IsNotEmpty(rule('NAME_REQUIRED')), MaxLength(L.name, rule('NAME_TOO_LONG')));
const studentPhone = () => Rules(Trimmed(), IsString(rule('STUDENT_PHONE_REQUIRED')), IsNotEmpty(rule('STUDENT_PHONE_REQUIRED')), IsLeadPhone());
const optionalText = (max: number, code: Parameters<typeof rule>[0]) => Rules(OptionalText(), IsOptional(), IsString(rule(code)), MaxLength(max, rule(code)));
const studentId = () => Rules(IsNotEmpty(rule('STUDENT_ID_REQUIRED')), IsUUID('all', rule('INVALID_STUDENT_ID')));
/**
 * Integer cents: present, a number (a string "100" is not cents), not negative, whole, within int4. IsNotEmpty, not
 * IsDefined: class-validator runs IsDefined apart from the other rules, so it would not be the rule reported.
 */
const cents = (required: Parameters<typeof rule>[0], negative: Parameters<typeof rule>[0], notCents: Parameters<typeof rule>[0]) =>
  Rules(IsNotEmpty(rule(required)), IsNumber({}, rule(notCents)), Min(0, rule(negative)), IsInt(rule(notCents)), Max(L.maxCents, rule('AMOUNT_TOO_LARGE')));
const currency = () => Rules(Optional(), Matches(CURRENCY_CODE_PATTERN, rule('INVALID_CURRENCY')));
/** The payment's kind (a sibling field, default tuition): a refund is negative, tuition and a bonus are not. */
const kindOf = (args: ValidationArguments) => (args.object as { kind?: unknown }).kind ?? PaymentKind.Tuition;
/** Integer cents whose sign follows the payment's kind (docs/product/validation.md#payment). */
const paymentAmount = () =>
  Rules(
    IsNotEmpty(rule('PAYMENT_AMOUNT_REQUIRED')),
    IsNumber({}, rule('PAYMENT_AMOUNT_NOT_CENTS')),
    custom('notNegativeUnlessRefund', 'PAYMENT_AMOUNT_NEGATIVE', (value, args) => kindOf(args) === PaymentKind.Refund || typeof value !== 'number' || value >= 0),
    custom('negativeForRefund', 'REFUND_AMOUNT_NOT_NEGATIVE', (value, args) => kindOf(args) !== PaymentKind.Refund || typeof value !== 'number' || value < 0),
    IsInt(rule('PAYMENT_AMOUNT_NOT_CENTS')),
    Min(-L.maxCents, rule('AMOUNT_TOO_LARGE')),
    Max(L.maxCents, rule('AMOUNT_TOO_LARGE')),
  );
/** A percent of the guarantee's terms, or null for the settings' default. */
const percent = (min: number, max: number, code: Parameters<typeof rule>[0]) => Rules(IsOptional(), IsInt(rule(code)), Min(min, rule(code)), Max(max, rule(code)));
/** A login's username or a tool account's text; the bounds of a login (3 to 64) are the service's, by kind. */
const accountUsername = () =>
  Rules(Trimmed(), IsString(rule('ACCOUNT_NAME_REQUIRED')), IsNotEmpty(rule('ACCOUNT_NAME_REQUIRED')), MaxLength(L.toolAccount, rule('TOOL_ACCOUNT_TOO_LONG')));
/** Required for a login (the service says so), optional for a tool account: null or '' clears it. */
const accountEmail = () =>
  Rules(ClearableEmail(), IsOptional(), IsEmail({}, rule('INVALID_EMAIL')), MaxLength(L.email, rule('EMAIL_TOO_LONG')));
// Not trimmed: spaces may be part of a password.
const accountPassword = () =>
  Rules(IsString(rule('ACCOUNT_PASSWORD_TOO_SHORT')), MinLength(L.passwordMin, rule('ACCOUNT_PASSWORD_TOO_SHORT')), MaxLength(L.passwordMax, rule('ACCOUNT_PASSWORD_TOO_LONG')));

// ── students ─────────────────────────────────────────────────────────────────────────────────────
/** What a student body may carry besides name and phone (all optional on create and update). */
abstract class StudentFieldsDto {
  @Rules(ClearableEmail(), IsOptional(), IsEmail({}, rule('INVALID_EMAIL')), MaxLength(L.email, rule('EMAIL_TOO_LONG')))
  email?: string | null;

  @optionalText(L.school, 'SCHOOL_TOO_LONG')
  school?: string | null;

  @optionalText(L.major, 'MAJOR_TOO_LONG')
  major?: string | null;

  @Rules(Optional(), IsIn(STUDENT_STATUSES, rule('INVALID_STUDENT_STATUS')))
  status?: StudentStatus;

  /** Default: today in China time (the column's CURRENT_DATE would follow the server's zone). */
  @Rules(Optional(), IsCalendarDate('INVALID_ENROLLMENT_DATE'))
  enrollmentDate?: string;

  @Rules(IsOptional(), IsCalendarDate('INVALID_GRADUATION_DATE'), IsAfterDateOf('enrollmentDate', 'GRADUATION_BEFORE_ENROLLMENT', true))
  graduationDate?: string | null;

  /** The day a withdrawn student left (docs/product/outcomes.md#graduation); required with status withdrawn. */
  @Rules(IsOptional(), IsCalendarDate('INVALID_WITHDRAWAL_DATE'), IsAfterDateOf('enrollmentDate', 'WITHDRAWAL_BEFORE_ENROLLMENT', true))
  withdrawalDate?: string | null;

  @optionalText(L.notes, 'STUDENT_NOTES_TOO_LONG')
  notes?: string | null;

  @Rules(IsOptional(), IsFileAccessUrl('photos'))
  profilePhoto?: string | null;

  /** The cohort (docs/product/cohorts.md); null takes the student out of theirs. */
  @Rules(IsOptional(), IsUUID('all', rule('INVALID_COHORT_ID')))
  cohortId?: string | null;
}

/** POST /api/admin/students (docs/product/validation.md#student: name and phone required, the rest optional). */
export class CreateStudentDto extends StudentFieldsDto {
  @studentName()
  name: string;

  @studentPhone()
  phone: string;
}

/** PATCH/PUT /api/admin/students/:id: any subset of the fields. */
export class UpdateStudentDto extends StudentFieldsDto {
  @Rules(Optional(), studentName())
  name?: string;

  @Rules(Optional(), studentPhone())
  phone?: string;
}

/**
 * POST /api/registrations/:id/enrol and /api/contact/:id/enrol (docs/product/students.md#enrol-a-lead): the
 * add-student fields, each optional; what is missing is taken from the lead (name, phone, email, and a
 * registration's school and major).
 */
export class EnrolLeadDto extends UpdateStudentDto {}

// ── contracts ────────────────────────────────────────────────────────────────────────────────────
abstract class ContractFieldsDto {
  @Rules(currency())
  currency?: string;

  @Rules(Optional(), IsIn(CONTRACT_STATUSES, rule('INVALID_CONTRACT_STATUS')))
  status?: ContractStatus;

  @Rules(IsOptional(), IsCalendarDate('INVALID_SIGNED_DATE'))
  signedDate?: string | null;

  @optionalText(L.notes, 'STUDENT_NOTES_TOO_LONG')
  notes?: string | null;

  /** 含薪资保障 (docs/product/guarantee.md#terms); the terms below are the contract's own, null for the settings'. */
  @Rules(Optional(), IsBoolean(rule('INVALID_GUARANTEED')))
  guaranteed?: boolean;

  /** Cents. */
  @Rules(IsOptional(), IsInt(rule('INVALID_GUARANTEE_TARGET')), Min(1, rule('INVALID_GUARANTEE_TARGET')), Max(L.maxCents, rule('INVALID_GUARANTEE_TARGET')))
  guaranteeTarget?: number | null;

  @percent(0, 100, 'INVALID_REFUND_RATE')
  refundRate?: number | null;

  @percent(100, 1000, 'INVALID_BONUS_THRESHOLD')
  bonusThreshold?: number | null;

  @percent(0, 100, 'INVALID_BONUS_RATE')
  bonusRate?: number | null;

  @percent(1, 3650, 'INVALID_GUARANTEE_WINDOW')
  guaranteeWindowDays?: number | null;

  @percent(0, 100, 'INVALID_MIN_ATTENDANCE')
  minAttendance?: number | null;
}

const contractNumber = () =>
  Rules(Trimmed(), IsString(rule('CONTRACT_NUMBER_REQUIRED')), IsNotEmpty(rule('CONTRACT_NUMBER_REQUIRED')), MaxLength(L.contractNumber, rule('CONTRACT_NUMBER_TOO_LONG')));
const courseName = () =>
  Rules(Trimmed(), IsString(rule('COURSE_NAME_REQUIRED')), IsNotEmpty(rule('COURSE_NAME_REQUIRED')), MaxLength(L.courseName, rule('COURSE_NAME_TOO_LONG')));
const contractAmount = () => cents('CONTRACT_AMOUNT_REQUIRED', 'CONTRACT_AMOUNT_NEGATIVE', 'CONTRACT_AMOUNT_NOT_CENTS');
const endDate = () => Rules(IsCalendarDate('INVALID_END_DATE'), IsAfterDateOf('startDate', 'END_NOT_AFTER_START'));

/** POST /api/admin/contracts (docs/product/validation.md#contract; amount in cents; the end after the start). */
export class CreateContractDto extends ContractFieldsDto {
  @studentId()
  studentId: string;

  @contractNumber()
  contractNumber: string;

  @courseName()
  courseName: string;

  @contractAmount()
  contractAmount: number;

  @IsCalendarDate('INVALID_START_DATE')
  startDate: string;

  @endDate()
  endDate: string;

  /**
   * Confirmed uploads that become the new contract's files (the contract form's file control, before the contract
   * exists); afterwards its files are managed through /api/admin/student-files.
   */
  @Rules(Optional(), AreContractFileUrls(), ArrayMaxSize(L.contractFiles, rule('TOO_MANY_CONTRACT_FILES')))
  files?: string[];
}

/** PATCH/PUT /api/admin/contracts/:id: a contract stays with its student. */
export class UpdateContractDto extends ContractFieldsDto {
  @Rules(Optional(), contractNumber())
  contractNumber?: string;

  @Rules(Optional(), courseName())
  courseName?: string;

  @Rules(Optional(), contractAmount())
  contractAmount?: number;

  @Rules(Optional(), IsCalendarDate('INVALID_START_DATE'))
  startDate?: string;

  @Rules(Optional(), endDate())
  endDate?: string;
}

// ── a student's files (docs/product/students.md#contract-files) ─────────────────────────────────────
/**
 * POST /api/admin/student-files: saves a confirmed contract-kind upload as one of the student's files, a contract's
 * (contractId) or one of the 其他文件 (none). Its name, size and type are the ones the upload recorded, never a client's.
 */
export class AttachStudentFileDto {
  @studentId()
  studentId: string;

  @Rules(IsOptional(), IsUUID('all', rule('INVALID_CONTRACT_ID')))
  contractId?: string | null;

  @IsFileAccessUrl('contracts')
  accessURL: string;
}

/** PATCH /api/admin/student-files/:id: moves the file to a contract of the same student, or (null) to 其他文件. */
export class MoveStudentFileDto {
  @Rules(IsDefined(rule('INVALID_CONTRACT_ID')), ValidateIf((_object: object, value: unknown) => value !== null), IsUUID('all', rule('INVALID_CONTRACT_ID')))
  contractId: string | null;
}

// ── payments ─────────────────────────────────────────────────────────────────────────────────────
/**
 * POST /api/admin/payments (docs/product/validation.md#payment). The server makes the payment number when the
 * body has none; one sent (the original screen made it) must have the PAY-yyyymmdd-XXXXXX form.
 */
export class CreatePaymentDto {
  @studentId()
  studentId: string;

  @Rules(IsOptional(), IsUUID('all', rule('INVALID_CONTRACT_ID')))
  contractId?: string | null;

  @Rules(Optional(), Trimmed(), IsString(rule('PAYMENT_NUMBER_REQUIRED')), IsNotEmpty(rule('PAYMENT_NUMBER_REQUIRED')), Matches(PAYMENT_NUMBER_PATTERN, rule('INVALID_PAYMENT_NUMBER')))
  paymentNumber?: string;

  /** Default tuition; a refund or a bonus is the salary guarantee's (docs/product/guarantee.md). */
  @Rules(Optional(), IsIn(PAYMENT_KINDS, rule('INVALID_PAYMENT_KIND')))
  kind?: PaymentKind;

  /** Cents; negative for a refund. */
  @paymentAmount()
  amount: number;

  @Rules(currency())
  currency?: string;

  /** Default transfer (docs/product/students.md#payment-form). */
  @Rules(Optional(), IsIn(PAYMENT_METHODS, rule('INVALID_PAYMENT_METHOD')))
  paymentMethod?: PaymentMethod;

  // A day, or a client's instant taken as its day in China (docs/product/validation.md#payment).
  @Rules(ChinaCalendarDay(), IsNotEmpty(rule('PAYMENT_DATE_REQUIRED')), IsCalendarDate('INVALID_PAYMENT_DATE'))
  paymentDate: string;

  @Rules(Optional(), IsIn(PAYMENT_STATUSES, rule('INVALID_PAYMENT_STATUS')))
  status?: PaymentStatus;

  @optionalText(L.receipt, 'RECEIPT_TOO_LONG')
  receipt?: string | null;

  @optionalText(L.notes, 'STUDENT_NOTES_TOO_LONG')
  notes?: string | null;
}

// ── student accounts ─────────────────────────────────────────────────────────────────────────────
/**
 * POST /api/admin/student-accounts (docs/product/validation.md#student-account): a tool account (`kind` a tool; the
 * account's text in `username`, email optional, no password) or a student login (the default kind; username 3 to 64,
 * email and password required), the rules by kind being the service's.
 */
export class CreateStudentAccountDto {
  @studentId()
  studentId: string;

  @Rules(Optional(), IsIn(STUDENT_ACCOUNT_KINDS, rule('INVALID_ACCOUNT_KIND')))
  kind?: StudentAccountKind;

  @accountUsername()
  username: string;

  @accountEmail()
  email?: string | null;

  @Rules(Optional(), accountPassword())
  password?: string;

  @Rules(Optional(), IsIn(STUDENT_ACCOUNT_STATUSES, rule('INVALID_ACCOUNT_STATUS')))
  status?: StudentAccountStatus;
}

/** PATCH/PUT /api/admin/student-accounts/:id: the kind stays; a new password is hashed like the first. */
export class UpdateStudentAccountDto {
  @Rules(Optional(), accountUsername())
  username?: string;

  @accountEmail()
  email?: string | null;

  @Rules(Optional(), accountPassword())
  password?: string;

  @Rules(Optional(), IsIn(STUDENT_ACCOUNT_STATUSES, rule('INVALID_ACCOUNT_STATUS')))
  status?: StudentAccountStatus;
}

// ── uploads (docs/product/students.md#file-upload, three steps) ──────────────────────────────────
/** POST /api/contracts/upload-url. `kind` (default contract) sets the accepted types and the size limit. */
export class CreateUploadUrlDto {
  @Rules(Trimmed(), IsString(rule('FILE_NAME_REQUIRED')), IsNotEmpty(rule('FILE_NAME_REQUIRED')), MaxLength(UPLOAD_LIMITS.fileNameLength, rule('FILE_NAME_TOO_LONG')), HasUploadExtension())
  fileName: string;

  @Rules(Optional(), IsIn(UPLOAD_KINDS, rule('INVALID_UPLOAD_KIND')))
  kind?: UploadKind;
}

/** POST /api/contracts/confirm-upload. */
export class ConfirmUploadDto {
  @Rules(IsString(rule('UPLOAD_URL_REQUIRED')), IsNotEmpty(rule('UPLOAD_URL_REQUIRED')), MaxLength(4096, rule('INVALID_UPLOAD_URL')))
  uploadURL: string;
}
