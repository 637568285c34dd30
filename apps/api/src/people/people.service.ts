import { normalisePhone, type PersonExport, type PersonRecordResource, type PersonRequest, type StudentExport } from '@aipm/contracts';
import { Injectable } from '@nestjs/common';
import { toContactMessageResponse } from '../contact/contact-message.mapper';
import { toRegistrationResponse } from '../registrations/registration.mapper';
import { StudentsService } from '../students/students.service';
import { LeadError } from '../leads/lead.error';
import { type PersonIdentity, PeopleRepository } from './people.repository';

/**
 * PIPL duties across the leads and the students (docs/product/back-office.md#personal-data): erasure, a copy of
 * everything stored about one person, and the full phone of one record (lists and exports show it masked). A person is
 * found by normalised phone and/or email, given directly or read from one of their records.
 */
@Injectable()
export class PeopleService {
  constructor(
    private readonly repository: PeopleRepository,
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
    const leads = await this.repository.eraseLeads(person);
    return { ...leads, students: await this.students.eraseMatching(person.phone, person.email) };
  }

  /** Everything stored about the person, phones in full (the file is their own data), read in one snapshot. */
  async export(request: PersonRequest, now = new Date()): Promise<PersonExport<StudentExport>> {
    const person = await this.identify(request);
    const { registrations, messages, notifications, studentIds } = await this.repository.leadsOf(person);
    const students: StudentExport[] = [];
    for (const id of studentIds) students.push(await this.students.export(id, now));
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

  private async record(resource: PersonRecordResource, id: string) {
    const record = await this.repository.recordOf(resource, id);
    if (!record) throw new LeadError('LEAD_NOT_FOUND');
    return record;
  }
}
