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

/** POST /api/admin/people/erase: one person, by phone and/or email (ErasePersonDto validates it). */
export interface ErasePersonRequest {
  phone?: string;
  email?: string;
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
} as const;

/** Resource names in Content-Range (and react-admin's resource names). */
export const LEAD_RESOURCES = { registrations: 'registrations', contact: 'contact' } as const;
