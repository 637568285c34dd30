import { maskPhone, PERSON_RECORD_RESOURCES, PERSON_TIMELINE_LIMIT, type PersonRecordResource, type PersonTimeline, type PersonTimelineEvent } from '@aipm/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { LeadError } from '../../leads/lead.error';
import type { PersonIdentity } from '../people.repository';
import { PeopleService } from '../people.service';
import { type PersonScope, TIMELINE_SOURCES, type TimelineSource } from './timeline-sources';

interface PersonRecordRow {
  resource: PersonRecordResource;
  id: string;
  name: string;
  phone: string | null;
  phoneNormalized: string | null;
  email: string | null;
  createdAt: Date;
}

/**
 * Records of every kind with any of these normalised phones or lower-cased emails, in one statement: leads by
 * phone or email, students by phone or email in any case (staff typed it; IDX_students_email_lower serves it).
 */
const RECORDS_SQL = `
  SELECT 'registrations' AS "resource", "id", "name", "phone", "phoneNormalized", "email", "createdAt" FROM "registrations"
  WHERE "phoneNormalized" = ANY($1::varchar[]) OR "email" = ANY($2::varchar[])
  UNION ALL
  SELECT 'contact', "id", "name", "phone", "phoneNormalized", "email", "createdAt" FROM "contact_messages"
  WHERE "phoneNormalized" = ANY($1::varchar[]) OR "email" = ANY($2::varchar[])
  UNION ALL
  SELECT 'students', "id", "name", "phone", "phoneNormalized", lower("email"), "createdAt" FROM "students"
  WHERE "phoneNormalized" = ANY($1::varchar[]) OR lower("email") = ANY($2::varchar[])
  ORDER BY "createdAt" DESC, "id"`;

/**
 * How far the page follows a person's other phones and emails: the record's phone and email find records, whose
 * other phone or email find more (a second registration with a new number and the old email). Bounded: a shared
 * family email must not pull in a whole class.
 */
const LINK_ROUNDS = 3;

/**
 * The person page (docs/product/back-office.md#person-page, ADR 071): the person a record names, found by normalised
 * phone and email as the PIPL actions find them (and through the other phones and emails of what that finds), and
 * everything known about them on one timeline, newest first. Phones stay masked.
 */
@Injectable()
export class PersonTimelineService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly people: PeopleService,
  ) {}

  /** Every kind the page shows; a new kind is one more entry of TIMELINE_SOURCES. */
  private readonly sources: readonly TimelineSource[] = TIMELINE_SOURCES;

  async timeline(resource: string, id: string): Promise<PersonTimeline> {
    if (!(PERSON_RECORD_RESOURCES as readonly string[]).includes(resource)) throw new LeadError('LEAD_NOT_FOUND');
    const person = await this.people.identify({ resource: resource as PersonRecordResource, id });
    // One snapshot: a record arriving meanwhile is either on every part of the page or on none.
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const records = await recordsOf(manager, person, resource as PersonRecordResource, id);
      const scope: PersonScope = {
        registrationIds: idsOf(records, 'registrations'),
        messageIds: idsOf(records, 'contact'),
        studentIds: idsOf(records, 'students'),
      };
      const events: PersonTimelineEvent[] = [];
      // One connection in a transaction: the sources run one after another, each one short indexed query.
      for (const source of this.sources) if (source.applies(scope)) events.push(...(await source.read(manager, scope)));
      return {
        identity: identityOf(records),
        records: records.map((row) => ({ resource: row.resource, id: row.id, createdAt: new Date(row.createdAt).toISOString() })),
        events: newestFirst(events).slice(0, PERSON_TIMELINE_LIMIT),
      };
    });
  }
}

async function recordsOf(manager: EntityManager, person: PersonIdentity, resource: PersonRecordResource, id: string): Promise<PersonRecordRow[]> {
  const phones = new Set(person.phone ? [person.phone] : []);
  const emails = new Set(person.email ? [person.email] : []);
  let rows: PersonRecordRow[] = [];
  for (let round = 0; round < LINK_ROUNDS && (phones.size > 0 || emails.size > 0); round += 1) {
    rows = await manager.query(RECORDS_SQL, [[...phones], [...emails]]);
    const known = phones.size + emails.size;
    for (const row of rows) {
      if (row.phoneNormalized) phones.add(row.phoneNormalized);
      if (row.email) emails.add(row.email);
    }
    if (phones.size + emails.size === known) break;
  }
  // A student without phone or email is still their own person.
  if (!rows.some((row) => row.resource === resource && row.id === id)) {
    const table = { registrations: 'registrations', contact: 'contact_messages', students: 'students' }[resource];
    const own: PersonRecordRow[] = await manager.query(
      `SELECT $2::text AS "resource", "id", "name", "phone", "phoneNormalized", "email", "createdAt" FROM "${table}" WHERE "id" = $1`,
      [id, resource],
    );
    if (own.length === 0) throw new LeadError('LEAD_NOT_FOUND');
    rows.push(...own);
  }
  return rows;
}

const idsOf = (records: PersonRecordRow[], resource: PersonRecordResource) => records.filter((row) => row.resource === resource).map((row) => row.id);

/** The names, masked phones and emails across the records, each once, in the records' order (newest first). */
export function identityOf(records: Array<Pick<PersonRecordRow, 'name' | 'phone' | 'email'>>): PersonTimeline['identity'] {
  const unique = (values: Array<string | null>) => [...new Set(values.filter((value): value is string => Boolean(value)))];
  return {
    names: unique(records.map((row) => row.name.trim())),
    phones: unique(records.map((row) => (row.phone ? maskPhone(row.phone) : null))),
    emails: unique(records.map((row) => row.email?.toLowerCase() ?? null)),
  };
}

/** Newest first; at the same instant, the order of PERSON_EVENT_KINDS reversed keeps a record before what followed it. */
export function newestFirst(events: PersonTimelineEvent[]): PersonTimelineEvent[] {
  const RANK: Record<string, number> = { registration: 0, message: 0, student: 0, consent: 1, lead_call: 2, enrolment: 3, status_change: 4, note: 5, payment: 6 };
  return [...events].sort((a, b) => (a.at === b.at ? (RANK[b.kind] ?? 9) - (RANK[a.kind] ?? 9) : a.at < b.at ? 1 : -1));
}
