/*
 * What the landing page's two lead forms and the index route's action share (browser-safe: no validators here;
 * those run in lead-submission.server.ts only).
 */

/** The hidden `intent` field tells the index route's action which form was sent. */
export const INTENT_FIELD = 'intent';
export const LEAD_INTENTS = ['registration', 'contact'] as const;
export type LeadIntent = (typeof LEAD_INTENTS)[number];

/** Honeypot: visually hidden and out of the tab order; only a bot fills it (the API then stores nothing). */
export const HONEYPOT_FIELD = 'website';

/** The checkbox's submitted value when ticked. */
export const AGREEMENT_FIELD = 'agreement';
export const AGREEMENT_TICKED = 'true';

export const REGISTRATION_FIELDS = ['name', 'phone', 'email', 'school', 'major', 'goals'] as const;
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Both forms post to the index route's action. */
export const LEAD_FORM_ACTION = '/?index';

/**
 * The forms' action attribute: the fragment brings a page rendered without JavaScript back to the form
 * and its messages (a fetcher ignores it).
 */
export function leadFormAction(intent: LeadIntent): string {
  return `${LEAD_FORM_ACTION}#${intent}`;
}

export interface LeadToast {
  title?: string;
  text: string;
  variant: 'default' | 'destructive';
}

/** The action's answer, already in the page's language. */
export interface LeadFormResult {
  intent: LeadIntent;
  ok: boolean;
  toast: LeadToast;
  /** Field → message of its first failing rule (the API's `errors`, or the same rules checked by the action). */
  errors: Partial<Record<string, string>>;
  /** What was typed, so a page rendered without JavaScript keeps it after a failure (empty after success). */
  values: Partial<Record<string, string>>;
}

export function isLeadIntent(value: unknown): value is LeadIntent {
  return typeof value === 'string' && (LEAD_INTENTS as readonly string[]).includes(value);
}

/** Element ids of one field and its message, unique per form (both forms have `name`, `phone`…). */
export function fieldIds(intent: LeadIntent, field: string): { input: string; error: string } {
  return { input: `${intent}-${field}`, error: `${intent}-${field}-error` };
}
