import { PAYMENT_METHODS } from '../enums/students.enums';
import { STUDENT_LIMITS, UPLOAD_LIMITS } from './student.messages';

/**
 * Error codes of the students section (docs/product/errors.md#students) and of its three-step upload
 * (docs/product/errors.md#files-and-uploads). Rules the registration form shares (姓名不能为空,
 * 请输入有效的邮箱地址, the phone format) answer with the leads' and the common codes.
 */
export const STUDENT_ERRORS = {
  // student: docs/product/validation.md#student
  STUDENT_PHONE_REQUIRED: '手机号码不能为空',
  INVALID_STUDENT_STATUS: '状态必须是 active, graduated, suspended 或 withdrawn',
  INVALID_ENROLLMENT_DATE: '入学日期必须是有效日期（YYYY-MM-DD）',
  INVALID_GRADUATION_DATE: '毕业日期必须是有效日期（YYYY-MM-DD）',
  GRADUATION_BEFORE_ENROLLMENT: '毕业日期不能早于入学日期',
  TOOL_ACCOUNT_TOO_LONG: `工具账号不能超过${STUDENT_LIMITS.toolAccount}个字符`,
  STUDENT_NOTES_TOO_LONG: `备注不能超过${STUDENT_LIMITS.notes}个字符`,
  INVALID_FILE_URL: '文件地址无效：请使用上传后返回的地址',
  TOO_MANY_CONTRACT_FILES: `合同文件不能超过${STUDENT_LIMITS.contractFiles}个`,
  INVALID_STUDENT_ID: '学员ID格式无效',
  STUDENT_NOT_FOUND: '学员不存在或已被删除',
  // enrolment from a lead: docs/product/students.md#enrol-a-lead
  ALREADY_ENROLLED: '此人已是学员，不能重复转为学员',
  // contract: docs/product/validation.md#contract
  STUDENT_ID_REQUIRED: '学员ID不能为空',
  CONTRACT_NUMBER_REQUIRED: '合同编号不能为空',
  CONTRACT_NUMBER_TOO_LONG: `合同编号不能超过${STUDENT_LIMITS.contractNumber}个字符`,
  COURSE_NAME_REQUIRED: '课程名称不能为空',
  COURSE_NAME_TOO_LONG: `课程名称不能超过${STUDENT_LIMITS.courseName}个字符`,
  CONTRACT_AMOUNT_REQUIRED: '合同金额不能为空',
  CONTRACT_AMOUNT_NEGATIVE: '合同金额不能为负数',
  CONTRACT_AMOUNT_NOT_CENTS: '合同金额必须是以分为单位的整数',
  AMOUNT_TOO_LARGE: '金额不能超过 ¥21,474,836.47',
  INVALID_CURRENCY: '币种必须是三位大写字母代码，如 CNY',
  INVALID_START_DATE: '开始日期必须是有效日期（YYYY-MM-DD）',
  INVALID_END_DATE: '结束日期必须是有效日期（YYYY-MM-DD）',
  END_NOT_AFTER_START: '结束日期必须晚于开始日期',
  INVALID_SIGNED_DATE: '签订日期必须是有效日期（YYYY-MM-DD）',
  INVALID_CONTRACT_STATUS: '状态必须是 active, completed 或 terminated',
  CONTRACT_NUMBER_TAKEN: '合同编号已存在',
  INVALID_CONTRACT_ID: '合同ID格式无效',
  CONTRACT_NOT_FOUND: '合同不存在或已被删除',
  // payment (server): docs/product/validation.md#payment
  PAYMENT_NUMBER_REQUIRED: '缴费编号不能为空',
  INVALID_PAYMENT_NUMBER: '缴费编号格式必须是 PAY-年月日-6位大写字母或数字',
  PAYMENT_AMOUNT_REQUIRED: '金额不能为空',
  PAYMENT_AMOUNT_NEGATIVE: '缴费金额不能为负数',
  PAYMENT_AMOUNT_NOT_CENTS: '缴费金额必须是以分为单位的整数',
  // Marked pure so that bundlers can drop this catalog where it is unused (the join would otherwise keep it).
  INVALID_PAYMENT_METHOD: `支付方式必须是 ${/* @__PURE__ */ PAYMENT_METHODS.join(', ')}`,
  PAYMENT_DATE_REQUIRED: '缴费日期不能为空',
  INVALID_PAYMENT_DATE: '缴费日期必须是有效日期（YYYY-MM-DD）',
  INVALID_PAYMENT_STATUS: '状态必须是 pending, completed, failed 或 refunded',
  RECEIPT_TOO_LONG: `收据信息不能超过${STUDENT_LIMITS.receipt}个字符`,
  CONTRACT_OF_ANOTHER_STUDENT: '所选合同不属于该学员',
  PAYMENT_CURRENCY_MISMATCH: '缴费币种必须与合同币种一致',
  PAYMENT_NUMBER_TAKEN: '缴费编号已存在',
  INVALID_PAYMENT_ID: '缴费记录ID格式无效',
  PAYMENT_NOT_FOUND: '缴费记录不存在或已被删除',
  // student account: docs/product/validation.md#student-account
  INVALID_ACCOUNT_KIND: '账号类型必须是 vpn, lovable, replit, trae, qoder 或 student_login',
  ACCOUNT_NAME_REQUIRED: '账号不能为空',
  ACCOUNT_EMAIL_REQUIRED: '学员登录账号的邮箱不能为空',
  ACCOUNT_PASSWORD_REQUIRED: '学员登录账号的密码不能为空',
  PASSWORD_NOT_FOR_TOOL_ACCOUNT: '工具账号不设密码',
  USERNAME_TOO_SHORT: `用户名至少${STUDENT_LIMITS.usernameMin}个字符`,
  USERNAME_TOO_LONG: `用户名不能超过${STUDENT_LIMITS.usernameMax}个字符`,
  ACCOUNT_PASSWORD_TOO_SHORT: `密码至少${STUDENT_LIMITS.passwordMin}个字符`,
  ACCOUNT_PASSWORD_TOO_LONG: `密码不能超过${STUDENT_LIMITS.passwordMax}个字符`,
  INVALID_ACCOUNT_STATUS: '状态必须是 active, suspended 或 inactive',
  USERNAME_TAKEN: '用户名已被使用',
  ACCOUNT_EMAIL_TAKEN: '该邮箱已被其他学员账户使用',
  INVALID_ACCOUNT_ID: '账户ID格式无效',
  ACCOUNT_NOT_FOUND: '学员账户不存在或已被删除',
  // uploads and private files: docs/product/validation.md#file-uploads
  FILE_NAME_REQUIRED: '文件名不能为空',
  FILE_NAME_TOO_LONG: `文件名不能超过${UPLOAD_LIMITS.fileNameLength}个字符`,
  INVALID_UPLOAD_KIND: '上传类型必须是 contract 或 photo',
  UNSUPPORTED_FILE_TYPE: '仅支持 PDF、JPG、PNG、WebP 文件（照片仅支持 JPG、PNG、WebP）',
  UPLOAD_URL_REQUIRED: '上传地址不能为空',
  INVALID_UPLOAD_URL: '上传地址无效，请重新获取上传地址',
  UPLOAD_NOT_FOUND: '未找到已上传的文件，请重新上传',
  UPLOAD_ALREADY_CONFIRMED: '该上传已确认过，请重新获取上传地址',
  FILE_NOT_UPLOADED: '文件未上传或未确认，请重新上传',
  EMPTY_FILE: '文件为空，已删除，请重新上传',
  FILE_CONTENT_MISMATCH: '文件内容与其扩展名不符（例如改名为 .pdf 的其他文件），已删除',
  CONTRACT_FILE_TOO_LARGE: `合同文件不能超过${UPLOAD_LIMITS.contractFileMb}MB，已删除`,
  PHOTO_TOO_LARGE: `照片不能超过${UPLOAD_LIMITS.photoMb}MB，已删除`,
  FILE_NOT_FOUND: '文件不存在或已被删除',
  INVALID_FILE_ID: '文件ID格式无效',
  STUDENT_FILE_NOT_FOUND: '学员文件不存在或已被删除',
  FILE_ALREADY_SAVED: '该文件已保存在学员记录中',
  STORAGE_UNAVAILABLE: '文件存储暂时不可用，请稍后重试',
  // The front door's storage proxy (ADR 019), before anything reaches the store
  STORAGE_LINK_INVALID: '文件链接无效或已过期，请刷新页面后重试',
  UPLOAD_TOO_LARGE: `文件过大：合同文件不能超过${UPLOAD_LIMITS.contractFileMb}MB，照片不能超过${UPLOAD_LIMITS.photoMb}MB`,
} as const;

export type StudentErrorCode = keyof typeof STUDENT_ERRORS;
