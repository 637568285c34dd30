import type { PersonRecordResource } from './lead.responses';

/**
 * The person page (docs/product/back-office.md#person-page, ADR 071): everything known about one person, found by
 * normalised phone and email, on one timeline. Each kind comes from one source on the API; a new kind (a follow-up)
 * is one more source and one more label.
 */
export const PERSON_EVENT_KINDS = ['registration', 'message', 'consent', 'lead_call', 'status_change', 'note', 'enrolment', 'student', 'payment', 'follow_up'] as const;
export type PersonEventKind = (typeof PERSON_EVENT_KINDS)[number];

/** One thing that happened to the person, on the record it happened to. */
export interface PersonTimelineEvent {
  kind: PersonEventKind;
  /** ISO time; the timeline is newest first. */
  at: string;
  /** The record it belongs to: the page links there. */
  record: { resource: PersonRecordResource; id: string };
  /** The administrator's sign-in name when staff did it (from the audit log); null for what the person did. */
  actor: string | null;
  /** What the kind shows: short facts, never a full phone. */
  facts: Record<string, string | number | boolean | null>;
}

/** GET /api/admin/people/:resource/:id/timeline. */
export interface PersonTimeline {
  /** Names, masked phones and emails the person used across their records. */
  identity: { names: string[]; phones: string[]; emails: string[] };
  /** The person's records: the page's links, newest first within each kind. */
  records: Array<{ resource: PersonRecordResource; id: string; createdAt: string }>;
  events: PersonTimelineEvent[];
}

export interface PersonTimelineResponse {
  success: true;
  data: PersonTimeline;
}

/** Events on one page at most: a person with more is read in full through the PIPL export. */
export const PERSON_TIMELINE_LIMIT = 500;

export const personTimelinePath = (resource: PersonRecordResource, id: string) => `/api/admin/people/${resource}/${id}/timeline`;
