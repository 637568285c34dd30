import type { ContactSubject } from '../enums/leads.enums';
import type { LeadSourceKey, LeadStatus } from './lead.enums';

export type LeadSource = Partial<Record<LeadSourceKey, string>>;

/** POST /api/registrations and /api/contact: also the answer to a repeat or a honeypot hit. */
export interface LeadCreatedResponse {
  success: true;
  message: string;
  data: { id: string };
}

/** Follow-up fields both lead kinds carry. */
export interface LeadFollowUp {
  status: LeadStatus;
  note: string | null;
  followUpAt: string | null;
  /** Why it was given up (a code of the settings' reasons), while the status is invalid or lost; else null. */
  statusReason: string | null;
  /** Free text beside the reason. */
  statusNote: string | null;
  /** When it first moved to contacted or enrolled; set once, never changed (null: not yet, or before this was kept). */
  firstContactedAt: string | null;
  /** The student this lead became (docs/product/students.md#enrol-a-lead), or null. */
  studentId: string | null;
  /**
   * List rows only: how many registrations, messages and students share this lead's phone or email, itself
   * included (the person page, docs/product/back-office.md#person-page).
   */
  personRecords?: number;
}

export interface RegistrationResponse extends LeadFollowUp {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  school: string;
  major: string;
  goals: string | null;
  createdAt: string;
  /** Registrations from the same phone within 24 hours after this one (kept here, not as new leads). */
  repeatCount: number;
  lastRepeatedAt: string | null;
  source: LeadSource | null;
  agreement: { version: string; agreedAt: string; ip: string | null; userAgent: string | null } | null;
}

export interface ContactMessageResponse extends LeadFollowUp {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  subject: ContactSubject;
  message: string | null;
  createdAt: string;
  source: LeadSource | null;
}

/** The back-office records that name a person (their phone and email): a lead of either kind, or a student. */
export const PERSON_RECORD_RESOURCES = ['registrations', 'contact', 'students'] as const;
export type PersonRecordResource = (typeof PERSON_RECORD_RESOURCES)[number];

/**
 * One person for the PIPL actions (erase, export; PersonDto validates it): by phone and/or email, or by a record
 * of theirs. The back office's buttons name the record: its pages show the phone masked, so they cannot send it.
 */
export interface PersonRequest {
  phone?: string;
  email?: string;
  resource?: PersonRecordResource;
  id?: string;
}

/** POST /api/admin/people/erase. */
export type ErasePersonRequest = PersonRequest;

/**
 * POST /api/admin/people/reveal-phone: the full phone of one record, an audited action
 * (docs/product/back-office.md#reveal-a-phone).
 */
export interface RevealPhoneRequest {
  resource: PersonRecordResource;
  id: string;
}

export interface RevealPhoneResponse {
  success: true;
  data: { phone: string };
}

/** A consent the person gave on a form: what they accepted, when and from where. */
export interface ConsentRecord {
  registrationId: string;
  version: string;
  agreedAt: string;
  ip: string | null;
  userAgent: string | null;
}

/**
 * A phone call that announced one of the person's leads to the sales line
 * (docs/product/phone.md#what-rings-the-phone).
 */
export interface PersonNotification {
  registrationId: string | null;
  contactMessageId: string | null;
  createdAt: string;
  announcedAt: string | null;
  calls: Array<{ provider: string; status: string; trigger: string; createdAt: string }>;
}

/**
 * POST /api/admin/people/export: everything stored about one person, as one JSON file (PIPL's right to a copy).
 * Phones in full: the file is the person's own data. Student tool-account passwords are never in it.
 */
export interface PersonExport<TStudent = unknown> {
  exportedAt: string;
  /** What the person was found by: the phones (E.164) and emails of the records. */
  identity: { phones: string[]; emails: string[] };
  registrations: RegistrationResponse[];
  messages: ContactMessageResponse[];
  consents: ConsentRecord[];
  notifications: PersonNotification[];
  students: TStudent[];
}

export interface PersonErasedResponse {
  success: true;
  message: string;
  /** Rows erased of each kind; `students` with their contracts, payments, accounts and stored files. */
  data: { registrations: number; messages: number; students: number };
}

export const LEAD_PATHS = {
  registrations: '/api/registrations',
  registrationsExport: '/api/registrations/export',
  contact: '/api/contact',
  contactExport: '/api/contact/export',
  erasePerson: '/api/admin/people/erase',
  exportPerson: '/api/admin/people/export',
  revealPhone: '/api/admin/people/reveal-phone',
} as const;

/** 转为学员 (docs/product/students.md#enrol-a-lead): POST here with the add-student fields. */
export function enrolPath(lead: { resource: 'registrations' | 'contact'; id: string }): string {
  return `${LEAD_PATHS[lead.resource]}/${encodeURIComponent(lead.id)}/enrol`;
}

/** Resource names in Content-Range (and react-admin's resource names). */
export const LEAD_RESOURCES = { registrations: 'registrations', contact: 'contact' } as const;
