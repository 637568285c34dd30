/** Student status (docs/product/data-model.md#student-status); the admin shows any unknown value as withdrawn. */
export const StudentStatus = {
  Active: 'active',
  Graduated: 'graduated',
  Suspended: 'suspended',
  Withdrawn: 'withdrawn',
} as const;
export type StudentStatus = (typeof StudentStatus)[keyof typeof StudentStatus];
export const STUDENT_STATUSES: readonly StudentStatus[] = Object.values(StudentStatus);

export const ContractStatus = {
  Active: 'active',
  Completed: 'completed',
  Terminated: 'terminated',
} as const;
export type ContractStatus = (typeof ContractStatus)[keyof typeof ContractStatus];
export const CONTRACT_STATUSES: readonly ContractStatus[] = Object.values(ContractStatus);

export const PaymentStatus = {
  Pending: 'pending',
  Completed: 'completed',
  Failed: 'failed',
  Refunded: 'refunded',
} as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];
export const PAYMENT_STATUSES: readonly PaymentStatus[] = Object.values(PaymentStatus);

/**
 * What a payment is (docs/product/guarantee.md#paying-a-refund-or-a-bonus): tuition received, or money the salary
 * guarantee paid back to the student — a refund (stored negative) or a bonus. Only tuition counts as paid.
 */
export const PaymentKind = {
  Tuition: 'tuition',
  Refund: 'refund',
  Bonus: 'bonus',
} as const;
export type PaymentKind = (typeof PaymentKind)[keyof typeof PaymentKind];
export const PAYMENT_KINDS: readonly PaymentKind[] = Object.values(PaymentKind);

export const PaymentMethod = {
  Cash: 'cash',
  Transfer: 'transfer',
  Card: 'card',
  Wechat: 'wechat',
  Alipay: 'alipay',
} as const;
export type PaymentMethod = (typeof PaymentMethod)[keyof typeof PaymentMethod];
export const PAYMENT_METHODS: readonly PaymentMethod[] = Object.values(PaymentMethod);
/** The admin payment form preselects bank transfer (docs/product/students.md#payment-form). */
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = PaymentMethod.Transfer;

export const StudentAccountStatus = {
  Active: 'active',
  Suspended: 'suspended',
  Inactive: 'inactive',
} as const;
export type StudentAccountStatus = (typeof StudentAccountStatus)[keyof typeof StudentAccountStatus];
export const STUDENT_ACCOUNT_STATUSES: readonly StudentAccountStatus[] = Object.values(StudentAccountStatus);

/**
 * What an account is (docs/product/students.md#student-accounts, ADR 045): a tool account the bootcamp hands out
 * (its account text; no password) or the student's own login (username, email, hashed password).
 */
export const StudentAccountKind = {
  Vpn: 'vpn',
  Lovable: 'lovable',
  Replit: 'replit',
  Trae: 'trae',
  Qoder: 'qoder',
  StudentLogin: 'student_login',
} as const;
export type StudentAccountKind = (typeof StudentAccountKind)[keyof typeof StudentAccountKind];
/** In the card's order: the tools, then the login. */
export const STUDENT_ACCOUNT_KINDS: readonly StudentAccountKind[] = Object.values(StudentAccountKind);
export const TOOL_ACCOUNT_KINDS: readonly StudentAccountKind[] = STUDENT_ACCOUNT_KINDS.filter((kind) => kind !== StudentAccountKind.StudentLogin);
