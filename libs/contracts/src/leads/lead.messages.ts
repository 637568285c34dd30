/**
 * The spec's Chinese wording (§5 registration and contact rules, §8 public messages) for every answer of the
 * lead-capture calls, shared by the API validators, the Remix actions and the admin, so no string drifts.
 * Messages the spec does not give (phone format, lengths, rate limit, admin follow-up) follow its tone.
 */
export const LEAD_MESSAGES = {
  // §5 registration
  nameRequired: '姓名不能为空',
  registrationPhoneRequired: '手机号码不能为空',
  invalidEmail: '请输入有效的邮箱地址',
  schoolRequired: '请填写在读/毕业学校',
  majorRequired: '请填写就读专业',
  /** The form's agreement rule (§5: "you must agree to the user agreement and privacy policy to submit"). */
  agreementRequired: '您必须同意用户协议和隐私政策才能提交',
  /** §5 / §8: title of the notice when the agreement is not accepted ("please read and agree to the terms"). */
  agreementTitle: '请阅读并同意服务条款',
  /** §5 / §8: the dialog's must-agree hint ("please check the agreement terms first"). */
  agreementCheckFirst: '请先勾选同意协议条款',
  // §5 contact
  contactPhoneRequired: '请输入手机号码',
  subjectRequired: '请选择咨询主题',
  // phone numbers (beyond the spec: it only requires one)
  invalidPhone: '请输入有效的手机号码：中国大陆11位手机号，或以+开头的国际号码',
  invalidMainlandPhone: '请输入有效的中国大陆手机号码（1开头的11位数字）',
  // lengths (beyond the spec: the columns are bounded)
  nameTooLong: '姓名不能超过50个字符',
  schoolTooLong: '学校名称不能超过100个字符',
  majorTooLong: '专业名称不能超过100个字符',
  emailTooLong: '邮箱地址不能超过254个字符',
  goalsTooLong: '学习目标不能超过2000个字符',
  messageTooLong: '咨询内容不能超过2000个字符',
  invalidSource: '来源信息格式无效',
  // §8 public outcomes
  registrationSucceeded: '报名成功！我们将在24小时内与您联系',
  registrationFailedTitle: '注册失败',
  registrationFailedDefault: '提交失败，请稍后重试',
  contactSucceeded: '消息发送成功！',
  contactSucceededDescription: '我们将在24小时内回复您，谢谢！',
  contactFailedTitle: '发送失败',
  contactFailedDefault: '发送失败，请稍后重试',
  tooManySubmissions: '提交过于频繁，请稍后再试',
  bodyTooLarge: '提交的内容过长，请精简后重试',
  // back office
  notFound: '记录不存在或已被删除',
  invalidStatus: '状态必须是 new, contacted, enrolled 或 invalid',
  noteTooLong: '备注不能超过2000个字符',
  invalidFollowUpAt: '跟进时间必须是有效的日期时间',
  updated: '更新成功',
  deleted: '删除成功',
  erased: '已删除该联系人的全部记录',
  erasureNeedsIdentity: '请提供要删除的联系人的手机号码或邮箱',
  invalidListQuery: '列表查询参数无效',
} as const;

/** The failure code of a 429 from the public forms (clients may branch on it; the message is for people). */
export const LEAD_ERROR_CODES = { tooManySubmissions: 'FORM_RATE_LIMITED' } as const;

export const LEAD_LIMITS = {
  name: 50,
  school: 100,
  major: 100,
  email: 254,
  goals: 2000,
  message: 2000,
  note: 2000,
  sourceValue: 512,
  sourceUrl: 2048,
} as const;

/** Default of FORM_RATE_LIMIT_PER_MINUTE: submissions per client IP and form per minute. */
export const FORM_RATE_LIMIT_PER_MINUTE_DEFAULT = 5;

/**
 * Version of the user agreement and privacy policy the registration form shows (the legal pages' date, spec §9).
 * Raise it when their text changes: each registration records the version the visitor accepted.
 */
export const AGREEMENT_VERSION = '2025-08-13';

/** A registration from the same phone within this many hours is a repeat of the first lead, not a new one. */
export const REPEAT_WINDOW_HOURS = 24;
