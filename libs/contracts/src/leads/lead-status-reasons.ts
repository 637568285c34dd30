/**
 * Why a lead was given up (status invalid or lost): a list the administrator edits in 线索设置
 * (docs/product/lead-capture.md#status-reasons, ADR 068). A lead stores the reason's code; a reason taken off
 * the list stays stored as retired, so the leads that used it still show its label.
 */
export interface LeadStatusReason {
  /** Stable key stored on the lead: lower-case letters, digits, `_` or `-`. */
  code: string;
  zh: string;
  en: string;
  /** Taken off the list: no longer offered or accepted, still named on the leads that have it. */
  retired?: boolean;
}

export const LEAD_STATUS_REASON_LIMITS = {
  /** Reasons on the list at once (retired ones not counted). */
  reasons: 30,
  code: 32,
  label: 40,
  /** The free text beside the reason. */
  statusNote: 500,
} as const;

export const LEAD_STATUS_REASON_CODE_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;

/** The list before anyone edits it. */
export const DEFAULT_LEAD_STATUS_REASONS: readonly LeadStatusReason[] = [
  { code: 'unreachable', zh: '联系不上', en: 'Could not be reached' },
  { code: 'wrong_number', zh: '号码错误', en: 'Wrong number' },
  { code: 'duplicate', zh: '重复报名', en: 'Duplicate sign-up' },
  { code: 'budget', zh: '预算不足', en: 'Budget too small' },
  { code: 'chose_competitor', zh: '选择了其他机构', en: 'Chose another provider' },
  { code: 'no_need', zh: '暂无需求', en: 'No need for now' },
  { code: 'other', zh: '其他', en: 'Other' },
];

/** Its admin_config key (ADR 044): the whole list as JSON in one row. */
export const LEAD_SETTINGS_KEYS = { statusReasons: 'leads.status_reasons' } as const;

export const LEAD_SETTINGS_PATH = '/api/admin/lead-settings';

export interface LeadSettings {
  /** Offered reasons first, in the administrator's order, then the retired ones. */
  statusReasons: LeadStatusReason[];
}

export interface LeadSettingsResponse {
  success: true;
  data: LeadSettings;
}

/** PUT /api/admin/lead-settings: the offered list, in order (what is left out is retired). */
export interface SaveLeadSettingsRequest {
  statusReasons: Array<Pick<LeadStatusReason, 'code' | 'zh' | 'en'>>;
}

function isReason(value: unknown): value is LeadStatusReason {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry['code'] === 'string' && typeof entry['zh'] === 'string' && typeof entry['en'] === 'string';
}

/** The stored row's list; the defaults when there is none or it cannot be read (a hand-edited row never breaks the page). */
export function parseLeadStatusReasons(stored: string | undefined): LeadStatusReason[] {
  if (stored === undefined) return DEFAULT_LEAD_STATUS_REASONS.map((reason) => ({ ...reason }));
  try {
    const list: unknown = JSON.parse(stored);
    if (Array.isArray(list) && list.every(isReason)) {
      return list.map(({ code, zh, en, retired }) => (retired ? { code, zh, en, retired: true } : { code, zh, en }));
    }
  } catch {
    // falls through to the defaults
  }
  return DEFAULT_LEAD_STATUS_REASONS.map((reason) => ({ ...reason }));
}

/**
 * The list after a save: `offered` in its order, then every earlier reason it leaves out, retired (a lead may
 * use it). Offering a retired code again brings it back.
 */
export function mergeLeadStatusReasons(previous: readonly LeadStatusReason[], offered: SaveLeadSettingsRequest['statusReasons']): LeadStatusReason[] {
  const codes = new Set(offered.map((reason) => reason.code));
  return [
    ...offered.map(({ code, zh, en }) => ({ code, zh, en })),
    ...previous.filter((reason) => !codes.has(reason.code)).map(({ code, zh, en }) => ({ code, zh, en, retired: true as const })),
  ];
}

/** A reason's label in a language; the code itself when the list no longer has it (a row edited by hand). */
export function leadStatusReasonLabel(reasons: readonly LeadStatusReason[], code: string, language: 'zh' | 'en'): string {
  return reasons.find((reason) => reason.code === code)?.[language] ?? code;
}
