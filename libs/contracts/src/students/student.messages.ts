import type { ContractStatus, PaymentKind, PaymentMethod, PaymentStatus, StudentAccountKind, StudentAccountStatus, StudentStatus } from '../enums/students.enums';

/** Bounds of the students section's fields (the columns are varchar(255) unless noted). */
export const STUDENT_LIMITS = {
  name: 50,
  school: 100,
  major: 100,
  email: 254,
  notes: 2000,
  /** A tool account's text (in `username`). */
  toolAccount: 255,
  /** Files of one student, over their contracts and 其他文件 (docs/product/students.md#contract-files). */
  contractFiles: 50,
  contractNumber: 64,
  courseName: 255,
  receipt: 2000,
  usernameMin: 3,
  usernameMax: 64,
  passwordMin: 6,
  /** argon2 hashes anything, but a password longer than this is a paste accident, not a password. */
  passwordMax: 256,
  /** Integer cents in an int4 column: ¥21,474,836.47 at most. */
  maxCents: 2_147_483_647,
} as const;

/**
 * Labels of docs/product/students.md#status-badge. Any value outside the list reads as 退学 (withdrawn), as the
 * original admin showed it.
 */
export const STUDENT_STATUS_LABELS: Record<StudentStatus, string> = {
  active: '在学',
  graduated: '已毕业',
  suspended: '暂停',
  withdrawn: '退学',
};

export function studentStatusLabel(status: string): string {
  return STUDENT_STATUS_LABELS[status as StudentStatus] ?? STUDENT_STATUS_LABELS.withdrawn;
}

export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  active: '履行中',
  completed: '已完成',
  terminated: '已终止',
};

export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  tuition: '学费',
  refund: '保障退款',
  bonus: '超额奖励',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: '待确认',
  completed: '已完成',
  failed: '失败',
  refunded: '已退款',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: '现金',
  transfer: '银行转账',
  card: '银行卡',
  wechat: '微信支付',
  alipay: '支付宝',
};

export const STUDENT_ACCOUNT_STATUS_LABELS: Record<StudentAccountStatus, string> = {
  active: '正常',
  suspended: '已停用',
  inactive: '未激活',
};

/** The 类型 of an account (docs/product/data-model.md#student-account-kind); the tools' names are the same in English. */
export const STUDENT_ACCOUNT_KIND_LABELS: Record<StudentAccountKind, string> = {
  vpn: 'VPN',
  lovable: 'Lovable',
  replit: 'Replit',
  trae: 'Trae',
  qoder: 'Qoder',
  student_login: '学员登录',
};

/** The Chinese wording of what the students section says besides its failures (docs/product/students.md). */
export const STUDENT_MESSAGES = {
  empty: '暂无学员信息，点击添加学员开始',
  studentAdded: '学员添加成功',
  enrolled: '已转为学员',
  addFailed: '添加失败',
  updated: '更新成功',
  deleted: '删除成功',
  deleteFailed: '删除失败',
  paymentAdded: '缴费记录添加成功',
  paymentDeleted: '缴费记录删除成功',
  contractAdded: '合同添加成功',
  accountAdded: '账户添加成功',
  // uploads (docs/product/students.md#upload-messages)
  uploadUrlFailed: '获取上传URL失败',
  fileUploadFailed: '文件上传失败',
  confirmUploadFailed: '确认上传失败',
  uploadFailed: '上传失败',
  uploadSucceeded: '文件上传成功',
  erased: '已删除该学员的全部记录和文件',
} as const;

/** "文件上传成功" with the file count (docs/product/students.md#upload-messages). */
export function uploadSucceededMessage(count: number): string {
  return `${STUDENT_MESSAGES.uploadSucceeded}（${count}个文件）`;
}

/** What an upload is for: the size limit and the accepted types follow from it. */
export const UploadKind = { Contract: 'contract', Photo: 'photo' } as const;
export type UploadKind = (typeof UploadKind)[keyof typeof UploadKind];
export const UPLOAD_KINDS: readonly UploadKind[] = Object.values(UploadKind);

export type UploadFileType = 'pdf' | 'jpg' | 'png' | 'webp';

export const UPLOAD_LIMITS = {
  contractFileMb: 20,
  photoMb: 5,
  fileNameLength: 255,
} as const;

const MB = 1024 * 1024;

/**
 * Per kind: the largest file and the types whose first bytes the confirm step accepts. Contracts are scans or
 * PDFs; .doc/.docx (which the original picker offered) are left out because their content cannot be told from
 * a renamed zip or an arbitrary OLE file by its first bytes (docs/product/students.md#file-rules: PDF, JPEG, PNG,
 * WebP).
 */
export const UPLOAD_RULES: Record<UploadKind, { maxBytes: number; types: readonly UploadFileType[] }> = {
  contract: { maxBytes: UPLOAD_LIMITS.contractFileMb * MB, types: ['pdf', 'jpg', 'png', 'webp'] },
  photo: { maxBytes: UPLOAD_LIMITS.photoMb * MB, types: ['jpg', 'png', 'webp'] },
};

/** The extension of a file name, lower-cased, without the dot ('' when it has none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** File-name extension → the type its content must have, and the content type the object is stored with. */
export const UPLOAD_EXTENSIONS: Record<string, { type: UploadFileType; mime: string }> = {
  pdf: { type: 'pdf', mime: 'application/pdf' },
  jpg: { type: 'jpg', mime: 'image/jpeg' },
  jpeg: { type: 'jpg', mime: 'image/jpeg' },
  png: { type: 'png', mime: 'image/png' },
  webp: { type: 'webp', mime: 'image/webp' },
};

/** The `accept` of the upload pickers. */
export function uploadAccept(kind: UploadKind): string {
  return Object.entries(UPLOAD_EXTENSIONS)
    .filter(([, { type }]) => UPLOAD_RULES[kind].types.includes(type))
    .map(([extension]) => `.${extension}`)
    .join(',');
}
