import { maskPhone, type PersonRecordResource, type PersonTimelineEvent } from '@aipm/contracts';
import type { EntityManager } from 'typeorm';

/** The person's records, by kind: what every source reads from. */
export interface PersonScope {
  registrationIds: string[];
  messageIds: string[];
  studentIds: string[];
}

/**
 * One kind of thing on the person page (ADR 071): one small query over the person's records. A new kind (a
 * follow-up) is one more source in TIMELINE_SOURCES; nothing else changes.
 */
export interface TimelineSource {
  name: string;
  /** Whether the person has anything this source reads (no query otherwise). */
  applies(scope: PersonScope): boolean;
  read(manager: EntityManager, scope: PersonScope): Promise<PersonTimelineEvent[]>;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const record = (resource: PersonRecordResource, id: string) => ({ resource, id });
/** The lead a row belongs to: a registration or a consultation message (one of the two ids is set). */
const leadRecord = (row: { registrationId: string | null; contactMessageId: string | null }) =>
  row.registrationId ? record('registrations', row.registrationId) : record('contact', row.contactMessageId!);
const hasLeads = (scope: PersonScope) => scope.registrationIds.length > 0 || scope.messageIds.length > 0;

/** Each registration as it arrived, with its first-touch source and how often it was sent again. */
const registrations: TimelineSource = {
  name: 'registrations',
  applies: (scope) => scope.registrationIds.length > 0,
  async read(manager, scope) {
    const rows: Array<{ id: string; name: string; phone: string; school: string; major: string; status: string; repeatCount: number; utmSource: string | null; createdAt: Date }> =
      await manager.query(
        `SELECT "id", "name", "phone", "school", "major", "status", "repeatCount", "source"->>'utm_source' AS "utmSource", "createdAt"
         FROM "registrations" WHERE "id" = ANY($1::uuid[])`,
        [scope.registrationIds],
      );
    return rows.map((row) => ({
      kind: 'registration',
      at: iso(row.createdAt),
      record: record('registrations', row.id),
      actor: null,
      facts: { name: row.name, phone: maskPhone(row.phone), school: row.school, major: row.major, status: row.status, repeatCount: row.repeatCount, utmSource: row.utmSource },
    }));
  },
};

/** Each consultation message as it arrived. */
const messages: TimelineSource = {
  name: 'messages',
  applies: (scope) => scope.messageIds.length > 0,
  async read(manager, scope) {
    const rows: Array<{ id: string; name: string; phone: string; subject: string; status: string; utmSource: string | null; createdAt: Date }> = await manager.query(
      `SELECT "id", "name", "phone", "subject", "status", "source"->>'utm_source' AS "utmSource", "createdAt"
       FROM "contact_messages" WHERE "id" = ANY($1::uuid[])`,
      [scope.messageIds],
    );
    return rows.map((row) => ({
      kind: 'message',
      at: iso(row.createdAt),
      record: record('contact', row.id),
      actor: null,
      facts: { name: row.name, phone: maskPhone(row.phone), subject: row.subject, status: row.status, utmSource: row.utmSource },
    }));
  },
};

/** Each consent given on the registration form: which version, when. */
const consents: TimelineSource = {
  name: 'consents',
  applies: (scope) => scope.registrationIds.length > 0,
  async read(manager, scope) {
    const rows: Array<{ id: string; agreementVersion: string; agreedAt: Date }> = await manager.query(
      `SELECT "id", "agreementVersion", "agreedAt" FROM "registrations"
       WHERE "id" = ANY($1::uuid[]) AND "agreementVersion" IS NOT NULL AND "agreedAt" IS NOT NULL`,
      [scope.registrationIds],
    );
    return rows.map((row) => ({ kind: 'consent', at: iso(row.agreedAt), record: record('registrations', row.id), actor: null, facts: { version: row.agreementVersion } }));
  },
};

/** The new-lead calls that announced a lead to the sales line, and how the last attempt ended. */
const leadCalls: TimelineSource = {
  name: 'lead calls',
  applies: hasLeads,
  async read(manager, scope) {
    const rows: Array<{ registrationId: string | null; contactMessageId: string | null; createdAt: Date; announcedAt: Date | null; attempts: number; lastStatus: string | null }> =
      await manager.query(
        `SELECT n."registrationId", n."contactMessageId", n."createdAt", n."announcedAt",
                (SELECT count(*)::int FROM "notification_call_leads" l WHERE l."leadNotificationId" = n."id") AS "attempts",
                (SELECT c."status" FROM "notification_call_leads" l JOIN "notification_calls" c ON c."id" = l."callId"
                 WHERE l."leadNotificationId" = n."id" ORDER BY c."createdAt" DESC LIMIT 1) AS "lastStatus"
         FROM "lead_notifications" n
         WHERE n."registrationId" = ANY($1::uuid[]) OR n."contactMessageId" = ANY($2::uuid[])`,
        [scope.registrationIds, scope.messageIds],
      );
    return rows.map((row) => ({
      kind: 'lead_call',
      at: iso(row.announcedAt ?? row.createdAt),
      record: leadRecord(row),
      actor: null,
      facts: { announced: row.announcedAt !== null, attempts: row.attempts, lastStatus: row.lastStatus },
    }));
  },
};

const AUDIT_ENTITY_RESOURCE: Record<string, PersonRecordResource> = { registration: 'registrations', message: 'contact', student: 'students' };

/**
 * What staff did to the person's records, from the audit log (who and when): status changes, notes and
 * enrolment. The log keeps the masked row before and after each change (ADR 030).
 */
const staffActions: TimelineSource = {
  name: 'staff actions',
  applies: hasLeads,
  async read(manager, scope) {
    const rows: Array<{ action: string; entity: string; entityId: string; actorName: string | null; createdAt: Date; before: Record<string, unknown> | null; after: Record<string, unknown> | null; details: Record<string, unknown> | null }> =
      await manager.query(
        `SELECT "action", "entity", "entityId", "actorName", "createdAt", "before", "after", "details" FROM "audit_log"
         WHERE "entityId" = ANY($1::varchar[]) AND "entity" IN ('registration', 'message')
           AND "action" IN ('lead.status.change', 'lead.update', 'lead.enrol')`,
        [[...scope.registrationIds, ...scope.messageIds]],
      );
    return rows.flatMap((row) => staffEvents(row.action, { resource: AUDIT_ENTITY_RESOURCE[row.entity]!, id: row.entityId }, row.actorName, iso(row.createdAt), row.before ?? {}, row.after ?? {}, row.details ?? {}));
  },
};

/** The events one audited change of a lead stands for: a status change, a note written, or enrolment. */
export function staffEvents(
  action: string,
  on: { resource: PersonRecordResource; id: string },
  actor: string | null,
  at: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  details: Record<string, unknown>,
): PersonTimelineEvent[] {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  if (action === 'lead.enrol') return [{ kind: 'enrolment', at, record: on, actor, facts: { studentId: text(details['studentId']) } }];
  const events: PersonTimelineEvent[] = [];
  if (action === 'lead.status.change') {
    events.push({ kind: 'status_change', at, record: on, actor, facts: { from: text(before['status']), to: text(after['status']), reason: text(after['statusReason']) } });
  }
  if ((after['note'] ?? null) !== (before['note'] ?? null)) events.push({ kind: 'note', at, record: on, actor, facts: { note: text(after['note']) } });
  return events;
}

/** Each student record of the person. */
const students: TimelineSource = {
  name: 'students',
  applies: (scope) => scope.studentIds.length > 0,
  async read(manager, scope) {
    const rows: Array<{ id: string; name: string; phone: string | null; status: string; enrollmentDate: string; createdAt: Date }> = await manager.query(
      `SELECT "id", "name", "phone", "status", "enrollmentDate"::text AS "enrollmentDate", "createdAt" FROM "students" WHERE "id" = ANY($1::uuid[])`,
      [scope.studentIds],
    );
    return rows.map((row) => ({
      kind: 'student',
      at: iso(row.createdAt),
      record: record('students', row.id),
      actor: null,
      facts: { name: row.name, phone: maskPhone(row.phone), status: row.status, enrollmentDate: row.enrollmentDate },
    }));
  },
};

/** Each payment of the person's student records, in cents. */
const payments: TimelineSource = {
  name: 'payments',
  applies: (scope) => scope.studentIds.length > 0,
  async read(manager, scope) {
    const rows: Array<{ studentId: string; amount: number; currency: string; kind: string; status: string; paymentDate: string; createdAt: Date }> = await manager.query(
      `SELECT "studentId", "amount", "currency", "kind", "status", "paymentDate"::text AS "paymentDate", "createdAt"
       FROM "student_payments" WHERE "studentId" = ANY($1::uuid[])`,
      [scope.studentIds],
    );
    return rows.map((row) => ({
      kind: 'payment',
      at: iso(row.createdAt),
      record: record('students', row.studentId),
      actor: null,
      facts: { amountCents: row.amount, currency: row.currency, kind: row.kind, status: row.status, paymentDate: row.paymentDate },
    }));
  },
};

/**
 * Each follow-up of the person's leads (ADR 073): when it was scheduled for, how, and its result once done, by the
 * administrator who recorded it (the audit log's follow_up.complete). Open ones stand at their scheduling, done ones
 * at their completion.
 */
const followUps: TimelineSource = {
  name: 'follow-ups',
  applies: hasLeads,
  async read(manager, scope) {
    const rows: Array<{ registrationId: string | null; contactMessageId: string | null; dueAt: Date; kind: string; note: string | null; result: string | null; doneAt: Date | null; createdAt: Date; doneBy: string | null }> =
      await manager.query(
        `SELECT f."registrationId", f."contactMessageId", f."dueAt", f."kind", f."note", f."result", f."doneAt", f."createdAt",
                (SELECT a."actorName" FROM "audit_log" a WHERE a."entityId" = f."id"::varchar AND a."action" = 'follow_up.complete' LIMIT 1) AS "doneBy"
         FROM "follow_ups" f
         WHERE f."registrationId" = ANY($1::uuid[]) OR f."contactMessageId" = ANY($2::uuid[])`,
        [scope.registrationIds, scope.messageIds],
      );
    return rows.map((row) => ({
      kind: 'follow_up',
      at: iso(row.doneAt ?? row.createdAt),
      record: leadRecord(row),
      actor: row.doneAt ? row.doneBy : null,
      facts: { method: row.kind, dueAt: iso(row.dueAt), note: row.note, result: row.result, done: row.doneAt !== null },
    }));
  },
};

/** Every kind on the person page, in no particular order (the page sorts by time). */
export const TIMELINE_SOURCES: readonly TimelineSource[] = [registrations, messages, consents, leadCalls, staffActions, students, payments, followUps];
