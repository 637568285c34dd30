/** Follow-up of a lead in the back office (docs/product/data-model.md#lead-status). */
export const LeadStatus = {
  New: 'new',
  Contacted: 'contacted',
  Enrolled: 'enrolled',
  Invalid: 'invalid',
  /** Given up: a real person who will not enrol (no answer, chose another school…); `invalid` is not a real lead. */
  Lost: 'lost',
} as const;
export type LeadStatus = (typeof LeadStatus)[keyof typeof LeadStatus];
export const LEAD_STATUSES: readonly LeadStatus[] = Object.values(LeadStatus);

/** Badge labels of the admin lists. */
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: '新报名',
  contacted: '已联系',
  enrolled: '已报名入学',
  invalid: '无效',
  lost: '已流失',
};

/** A new consultation message is not a registration: its "new" reads 新咨询, the rest are shared. */
export const MESSAGE_STATUS_LABELS: Record<LeadStatus, string> = { new: '新咨询', contacted: '已联系', enrolled: '已报名入学', invalid: '无效', lost: '已流失' };

/** The statuses that give a lead up: setting one needs a reason from the settings' list (docs/product/lead-capture.md#status-reasons). */
export const CLOSED_LEAD_STATUSES: readonly LeadStatus[] = [LeadStatus.Invalid, LeadStatus.Lost];

/** The statuses that say someone reached the person: the first move into one stamps `firstContactedAt`. */
export const CONTACTED_LEAD_STATUSES: readonly LeadStatus[] = [LeadStatus.Contacted, LeadStatus.Enrolled];

/** First-touch source keys: the landing visit's utm_* parameters, referrer and landing path. */
export const LEAD_SOURCE_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'referrer', 'landingPath'] as const;
export type LeadSourceKey = (typeof LEAD_SOURCE_KEYS)[number];

/**
 * The cookie the web sets on the landing visit (first touch: only when absent), holding the source as
 * URL-encoded JSON. The API reads it when a form's body carries no `source`.
 */
export const FIRST_TOUCH_COOKIE = 'aipm_ft';
