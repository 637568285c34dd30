import { type EnrolledFrom, LeadStatus, normalisePhone } from '@aipm/contracts';
import type { EnrolLeadDto } from '@aipm/contracts/dto';
import { ContactMessage, Registration, type Student } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import type { DataSource, EntityManager } from 'typeorm';
import { diffValues } from '../audit/audit-values';
import { AuditService } from '../audit/audit.service';
import { LEAD_AUDIT_OMIT, PERSON_RECORD_ENTITY } from '../leads/lead-audit';
import { LeadError } from '../leads/lead.error';
import { STUDENT_AUDIT_OMIT } from '../students/student-audit';
import { StudentsRepository } from '../students/students.repository';
import { StudentsService } from '../students/students.service';
import { AlreadyEnrolledError } from './enrolment.error';

type Lead = Registration | ContactMessage;

/** Rows of the lead tables as the audit log compares them. */
const plain = (lead: Lead): Record<string, unknown> => ({ ...lead });

/**
 * A lead becomes a student in one step (docs/product/students.md#enrol-a-lead): the student is created from the
 * lead's data and what the dialog changed, the lead is linked to it and marked enrolled, and both are audited,
 * in one transaction. A person is enrolled once: a lead already linked, or a phone or email that a student
 * already has, is refused with that student's id.
 */
@Injectable()
export class EnrolmentService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly students: StudentsService,
    private readonly studentRecords: StudentsRepository,
    private readonly audit: AuditService,
  ) {}

  async enrol(resource: EnrolledFrom['resource'], leadId: string, dto: EnrolLeadDto, request: Request): Promise<Student> {
    return this.dataSource.transaction(async (manager) => {
      const leads = manager.getRepository<Lead>(resource === 'registrations' ? Registration : ContactMessage);
      // Locked: two enrolments of one lead queue here, and the second finds it linked.
      const lead = await leads.findOne({ where: { id: leadId }, lock: { mode: 'pessimistic_write' } });
      if (!lead) throw new LeadError('LEAD_NOT_FOUND');
      if (lead.studentId) throw new AlreadyEnrolledError(lead.studentId);

      const phone = dto.phone ?? lead.phone;
      const email = dto.email === undefined ? lead.email : dto.email;
      const phoneNormalized = normalisePhone(phone) ?? null;
      await this.lockPerson(manager, phoneNormalized ?? phone, email);
      const existing = await this.studentRecords.firstOfPerson(manager, phoneNormalized, email);
      if (existing) throw new AlreadyEnrolledError(existing);

      const student = await this.students.create(
        {
          name: lead.name,
          school: 'school' in lead ? lead.school : null,
          major: 'major' in lead ? lead.major : null,
          // Only what the body carries: a validated DTO has every declared field, undefined when not sent.
          ...Object.fromEntries(Object.entries(dto).filter(([, value]) => value !== undefined)),
          phone,
          email,
        },
        new Date(),
        manager,
      );
      const before = plain(lead);
      // Enrolled counts as contacted (ADR 068): the first contact is stamped if no status change did it; a reason of
      // an invalid or lost lead no longer applies.
      await leads.update(
        { id: leadId },
        { status: LeadStatus.Enrolled, studentId: student.id, statusReason: null, statusNote: null, firstContactedAt: () => 'COALESCE("firstContactedAt", now())' },
      );
      const after = plain(await leads.findOneByOrFail({ id: leadId }));

      const studentEntry = diffValues(null, { ...student }, STUDENT_AUDIT_OMIT);
      await this.audit.record(request, { action: 'student.create', entity: 'student', entityId: student.id, ...studentEntry, details: { enrolledFrom: { resource, id: leadId } } }, { manager });
      const leadEntry = diffValues(before, after, LEAD_AUDIT_OMIT);
      await this.audit.record(request, { action: 'lead.enrol', entity: PERSON_RECORD_ENTITY[resource], entityId: leadId, ...leadEntry, details: { studentId: student.id } }, { manager });
      return student;
    });
  }

  /**
   * Serialises enrolments of one person until this transaction ends: two leads of the same phone or email
   * enrolled at once would otherwise both find no student and both create one. Phone before email, in every
   * transaction, so two of them cannot wait on each other.
   */
  private async lockPerson(manager: EntityManager, phone: string, email: string | null): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`enrol:phone:${phone}`]);
    if (email) await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`enrol:email:${email.toLowerCase()}`]);
  }
}
