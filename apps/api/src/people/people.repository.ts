import type { PersonNotification, PersonRecordResource } from '@aipm/contracts';
import { ContactMessage, Registration, Student } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** Who a PIPL action is about: the normalised phone and the lower-cased email (either may be unknown). */
export interface PersonIdentity {
  phone: string | null;
  email: string | null;
}

/** What identifies the person on one of their records. */
export interface PersonRecord {
  phone: string | null;
  phoneNormalized: string | null;
  email: string | null;
}

/** Everything stored about a person in the lead tables, read in one snapshot, and the ids of their student records. */
export interface PersonLeads {
  registrations: Registration[];
  messages: ContactMessage[];
  notifications: PersonNotification[];
  studentIds: string[];
}

const ENTITY_OF_RESOURCE = { registrations: Registration, contact: ContactMessage, students: Student } as const;

/** Leads of one person: the phone or the email matches (lead emails are stored lower-cased; the indexes serve both). */
const leadsOf = (alias: string) => `(${alias}."phoneNormalized" = :phone OR ${alias}."email" = :email)`;

/** The person-wide reads and erasure of the lead tables (ADR 044); the rules are PeopleService's. */
@Injectable()
export class PeopleRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The identifying fields of one registration, message or student; null when it is gone. */
  recordOf(resource: PersonRecordResource, id: string): Promise<PersonRecord | null> {
    return this.dataSource.getRepository(ENTITY_OF_RESOURCE[resource]).findOne({
      where: { id },
      select: { id: true, phone: true, phoneNormalized: true, email: true },
    });
  }

  /** Deletes the person's registrations and messages in one transaction; the counts deleted. */
  eraseLeads(person: PersonIdentity): Promise<{ registrations: number; messages: number }> {
    return this.dataSource.transaction((manager) => eraseLeads(manager, person));
  }

  /** The person's leads, their new-lead calls and their student ids, in one REPEATABLE READ snapshot. */
  leadsOf(person: PersonIdentity): Promise<PersonLeads> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const registrations = await manager.getRepository(Registration).createQueryBuilder('r').where(leadsOf('r'), person).orderBy('r.createdAt', 'ASC').getMany();
      const messages = await manager.getRepository(ContactMessage).createQueryBuilder('m').where(leadsOf('m'), person).orderBy('m.createdAt', 'ASC').getMany();
      const notifications = await notificationsOf(manager, registrations.map((row) => row.id), messages.map((row) => row.id));
      // Students' emails were typed by staff, in any case.
      const students: { id: string }[] = await manager.query(
        `SELECT "id" FROM "students" WHERE "phoneNormalized" = $1 OR lower("email") = $2 ORDER BY "createdAt"`,
        [person.phone, person.email]
      );
      return { registrations, messages, notifications, studentIds: students.map((row) => row.id) };
    });
  }
}

/** Deletes the person's leads in one transaction (their notifications and call links go by cascade). */
async function eraseLeads(manager: EntityManager, person: PersonIdentity): Promise<{ registrations: number; messages: number }> {
  const count = async (table: string): Promise<number> => {
    // A DELETE answers [rows, affected count] through TypeORM's postgres driver.
    const [, deleted] = await manager.query<[unknown[], number]>(`DELETE FROM "${table}" WHERE "phoneNormalized" = $1 OR "email" = $2`, [person.phone, person.email]);
    return deleted;
  };
  return { registrations: await count('registrations'), messages: await count('contact_messages') };
}

/** The new-lead calls of these leads: when each was recorded and announced, and every attempt that covered it. */
async function notificationsOf(manager: EntityManager, registrationIds: string[], messageIds: string[]): Promise<PersonNotification[]> {
  if (registrationIds.length === 0 && messageIds.length === 0) return [];
  const rows: Array<{ id: string; registrationId: string | null; contactMessageId: string | null; createdAt: Date; announcedAt: Date | null; calls: PersonNotification['calls'] | null }> =
    await manager.query(
      `SELECT n."id", n."registrationId", n."contactMessageId", n."createdAt", n."announcedAt",
              (SELECT json_agg(json_build_object('provider', c."provider", 'status', c."status", 'trigger', c."trigger", 'createdAt', c."createdAt") ORDER BY c."createdAt")
               FROM "notification_call_leads" l JOIN "notification_calls" c ON c."id" = l."callId"
               WHERE l."leadNotificationId" = n."id") AS "calls"
       FROM "lead_notifications" n
       WHERE n."registrationId" = ANY($1::uuid[]) OR n."contactMessageId" = ANY($2::uuid[])
       ORDER BY n."createdAt"`,
      [registrationIds, messageIds]
    );
  return rows.map((row) => ({
    registrationId: row.registrationId,
    contactMessageId: row.contactMessageId,
    createdAt: new Date(row.createdAt).toISOString(),
    announcedAt: row.announcedAt ? new Date(row.announcedAt).toISOString() : null,
    calls: (row.calls ?? []).map((call) => ({ ...call, createdAt: new Date(call.createdAt).toISOString() })),
  }));
}
