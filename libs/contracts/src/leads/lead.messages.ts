/**
 * The Chinese wording of what the lead-capture calls and forms say besides their failures (LEAD_ERRORS,
 * lead.errors.ts): outcomes, toast titles and the agreement dialog's hints (docs/product/lead-capture.md#outcomes,
 * docs/product/lead-capture.md#agreement-dialog).
 */
export const LEAD_MESSAGES = {
  /** Title of the notice when the agreement is not accepted ("please read and agree to the terms"). */
  agreementTitle: '请阅读并同意服务条款',
  /** The dialog's must-agree hint ("please check the agreement terms first"). */
  agreementCheckFirst: '请先勾选同意协议条款',
  // public outcomes
  registrationSucceeded: '报名成功！我们将在24小时内与您联系',
  registrationFailedTitle: '注册失败',
  registrationFailedDefault: '提交失败，请稍后重试',
  contactSucceeded: '消息发送成功！',
  contactSucceededDescription: '我们将在24小时内回复您，谢谢！',
  contactFailedTitle: '发送失败',
  contactFailedDefault: '发送失败，请稍后重试',
  // back office
  updated: '更新成功',
  deleted: '删除成功',
  erased: '已删除该联系人的全部记录',
  merged: '已合并，可撤销',
  mergeUndone: '已撤销合并，两条记录已恢复原样',
} as const;

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
 * Version of the user agreement and privacy policy the registration form shows (the legal pages' date,
 * docs/product/lead-capture.md#consent-record). Raise it when their text changes: each registration records the
 * version the visitor accepted.
 */
export const AGREEMENT_VERSION = '2025-08-13';

/** A registration from the same phone within this many hours is a repeat of the first lead, not a new one. */
export const REPEAT_WINDOW_HOURS = 24;
