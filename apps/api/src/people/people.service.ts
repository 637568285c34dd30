import { normalisePhone, type PersonExport, type PersonNotification, type PersonRecordResource, type PersonRequest, type StudentExport } from '@aipm/contracts';
import { ContactMessage, Registration, Student } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { toContactMessageResponse } from '../contact/contact-message.mapper';
import { toRegistrationResponse } from '../registrations/registration.mapper';
import { StudentsService } from '../students/students.service';
import { LeadError } from '../leads/lead.error';

/** Who a PIPL action is about: the normalised phone and the lower-cased email (either may be unknown). */
export interface PersonIdentity {
  phone: string | null;
  email: string | null;
}

const ENTITY_OF_RESOURCE = { registrations: Registration, contact: ContactMessage, students: Student } as const;

/** Leads of one person: the phone or the email matches (lead emails are stored lower-cased; the indexes serve both). */
const leadsOf = (alias: string) => `(${alias}."phoneNormalized" = :phone OR ${alias}."email" = :email)`;

/**
 * PIPL duties across the leads and the students (docs/product/back-office.md#personal-data): erasure, a copy of
 * everything stored about one person, and the full phone of one record (lists and exports show it masked). A person is
 * found by normalised phone and/or email, given directly or read from one of their records.
 */
@Injectable()
export class PeopleService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly students: StudentsService,
  ) {}

  /** The phone and email the request names, or those of the record it names (404 when that record is gone). */
  async identify(request: PersonRequest): Promise<PersonIdentity> {
    if (request.resource && request.id) {
      const record = await this.record(request.resource, request.id);
      return { phone: record.phoneNormalized ?? (record.phone ? normalisePhone(record.phone) ?? null : null), email: record.email?.toLowerCase() ?? null };
    }
    return { phone: request.phone ? normalisePhone(request.phone) ?? null : null, email: request.email?.toLowerCase() ?? null };
  }

  /** The phone of one record as it was typed: the reveal the back office audits. */
  async revealPhone(resource: PersonRecordResource, id: string): Promise<string> {
    return (await this.record(resource, id)).phone ?? '';
  }

  /** Deletes every registration, message and student record of the person; the counts erased. */
  async erase(request: PersonRequest): Promise<{ registrations: number; messages: number; students: number }> {
    const person = await this.identify(request);
    const leads = await this.dataSource.transaction((manager) => eraseLeads(manager, person));
    return { ...leads, students: await this.students.eraseMatching(person.phone, person.email) };
  }

  /** Everything stored about the person, phones in full (the file is their own data), read in one snapshot. */
  async export(request: PersonRequest, now = new Date()): Promise<PersonExport<StudentExport>> {
    const person = await this.identify(request);
    const { registrations, messages, notifications, studentIds } = await this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const registrations = await manager.getRepository(Registration).createQueryBuilder('r').where(leadsOf('r'), person).orderBy('r.createdAt', 'ASC').getMany();
      const messages = await manager.getRepository(ContactMessage).createQueryBuilder('m').where(leadsOf('m'), person).orderBy('m.createdAt', 'ASC').getMany();
      const notifications = await notificationsOf(manager, registrations.map((row) => row.id), messages.map((row) => row.id));
      // Students' emails were typed by staff, in any case.
      const studentIds: { id: string }[] = await manager.query(
        `SELECT "id" FROM "students" WHERE "phoneNormalized" = $1 OR lower("email") = $2 ORDER BY "createdAt"`,
        [person.phone, person.email]
      );
      return { registrations, messages, notifications, studentIds };
    });
    const students: StudentExport[] = [];
    for (const { id } of studentIds) students.push(await this.students.export(id, now));
    const phones = new Set<string>();
    const emails = new Set<string>();
    for (const row of [...registrations, ...messages, ...students.map((entry) => ({ phoneNormalized: normalisePhone(entry.student.phone) ?? null, email: entry.student.email }))]) {
      if (row.phoneNormalized) phones.add(row.phoneNormalized);
      if (row.email) emails.add(row.email.toLowerCase());
    }
    return {
      exportedAt: now.toISOString(),
      identity: { phones: [...phones], emails: [...emails] },
      registrations: registrations.map((row) => toRegistrationResponse(row, 'full')),
      messages: messages.map((row) => toContactMessageResponse(row, 'full')),
      consents: registrations.flatMap((row) =>
        row.agreementVersion && row.agreedAt
          ? [{ registrationId: row.id, version: row.agreementVersion, agreedAt: row.agreedAt.toISOString(), ip: row.agreementIp, userAgent: row.agreementUserAgent }]
          : []
      ),
      notifications,
      students,
    };
  }

  private async record(resource: PersonRecordResource, id: string): Promise<{ phone: string | null; phoneNormalized: string | null; email: string | null }> {
    const record = await this.dataSource.getRepository(ENTITY_OF_RESOURCE[resource]).findOne({
      where: { id },
      select: { id: true, phone: true, phoneNormalized: true, email: true },
    });
    if (!record) throw new LeadError('LEAD_NOT_FOUND');
    return record;
  }
}

/** Deletes the person's leads in one transaction (their notifications and call links go by cascade). */
export async function eraseLeads(manager: EntityManager, person: PersonIdentity): Promise<{ registrations: number; messages: number }> {
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
