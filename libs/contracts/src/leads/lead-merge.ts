import type { LeadStatus } from './lead.enums';
import type { LeadSource } from './lead.responses';

/**
 * Duplicates merged, reversibly (docs/product/back-office.md#duplicates, ADR 072): the likely duplicates, a merge of
 * one lead into another that keeps both rows, and its undo.
 */

/** The lead kinds a merge joins (the admin's resource names). */
export const LEAD_MERGE_RESOURCES = ['registrations', 'contact'] as const;
export type LeadMergeResource = (typeof LEAD_MERGE_RESOURCES)[number];

/** Why records are listed together: the same normalised phone, the same email, the same name at the same school. */
export const DUPLICATE_REASONS = ['phone', 'email', 'name_school'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** The survivor's fields that may be taken from the merged lead, side by side; only those both lead kinds have. */
export const LEAD_MERGE_FIELDS = ['name', 'email', 'note', 'school', 'major', 'goals'] as const;
export type LeadMergeField = (typeof LEAD_MERGE_FIELDS)[number];
/** Registration-only fields: taken only when both leads are registrations. */
export const REGISTRATION_ONLY_MERGE_FIELDS: readonly LeadMergeField[] = ['school', 'major', 'goals'];

/** How many groups the list shows, newest first. */
export const DUPLICATE_GROUPS_LIMIT = 50;

/** One lead of a group of likely duplicates, side by side. Phones masked. */
export interface DuplicateRecord {
  resource: LeadMergeResource;
  id: string;
  name: string;
  phone: string;
  email: string | null;
  /** Registrations only. */
  school: string | null;
  major: string | null;
  goals: string | null;
  note: string | null;
  status: LeadStatus;
  source: LeadSource | null;
  /** A registration with the visitor's consent on it (kept on its own row by a merge). */
  consented: boolean;
  createdAt: string;
}

/** Records that are likely one person, and every reason they matched by (a pair may share phone and email). */
export interface DuplicateGroup {
  reasons: DuplicateReason[];
  records: DuplicateRecord[];
}

export interface DuplicatesResponse {
  success: true;
  data: DuplicateGroup[];
}

/** POST /api/admin/people/merges: `merged` folds into `survivor`; `fields` are taken from `merged`. */
export interface LeadMergeRequest {
  survivorResource: LeadMergeResource;
  survivorId: string;
  mergedResource: LeadMergeResource;
  mergedId: string;
  fields?: LeadMergeField[];
}

/** A merge as the back office shows it (no copies of the rows). */
export interface LeadMergeSummary {
  id: string;
  survivor: { resource: LeadMergeResource; id: string };
  merged: { resource: LeadMergeResource; id: string };
  createdAt: string;
  undoneAt: string | null;
}

export interface LeadMergeResponse {
  success: true;
  message: string;
  data: LeadMergeSummary;
}

export const DUPLICATES_PATH = '/api/admin/people/duplicates';
export const LEAD_MERGES_PATH = '/api/admin/people/merges';
export const leadMergeUndoPath = (id: string) => `${LEAD_MERGES_PATH}/${id}/undo`;
