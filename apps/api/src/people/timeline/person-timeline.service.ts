import { maskPhone, PERSON_RECORD_RESOURCES, PERSON_TIMELINE_LIMIT, type PersonRecordResource, type PersonTimeline, type PersonTimelineEvent } from '@aipm/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { LeadError } from '../../leads/lead.error';
import { personRecordsFrom } from '../../leads/person-records.sql';
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

/** The person's records, newest first ($1 the phones, $2 the emails it starts from). */
const RECORDS_SQL = `${personRecordsFrom('$1::varchar[]', '$2::varchar[]')}
  ORDER BY "createdAt" DESC, "id"`;

/** The leads merged (and not undone) into one of the given registrations or messages: the survivor stands for them. */
const MERGED_INTO_SQL = `
  SELECT 'registrations' AS "resource", r."id", r."name", r."phone", r."phoneNormalized", r."email", r."createdAt"
  FROM "lead_merges" m JOIN "registrations" r ON r."mergeId" = m."id"
  WHERE m."survivorRegistrationId" = ANY($1::uuid[]) OR m."survivorMessageId" = ANY($2::uuid[])
  UNION ALL
  SELECT 'contact', c."id", c."name", c."phone", c."phoneNormalized", c."email", c."createdAt"
  FROM "lead_merges" m JOIN "contact_messages" c ON c."mergeId" = m."id"
  WHERE m."survivorRegistrationId" = ANY($1::uuid[]) OR m."survivorMessageId" = ANY($2::uuid[])`;

/**
 * The person page (docs/product/back-office.md#person-page, ADR 071): the person a record names, found by normalised
 * phone and email as the PIPL actions find them (and one step further, through the other phones and emails those bring), and
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
    const manager = this.dataSource.manager;
    const records = await recordsOf(manager, person, resource as PersonRecordResource, id);
    const scope: PersonScope = {
      registrationIds: idsOf(records, 'registrations'),
      messageIds: idsOf(records, 'contact'),
      studentIds: idsOf(records, 'students'),
    };
    // Side by side on the pool, not one after another in a snapshot: at 100,000 people the page's round trips, not
    // its queries, were its time (ADR 071). A change landing meanwhile shows on the next read.
    const events = (await Promise.all(this.sources.filter((source) => source.applies(scope)).map((source) => source.read(manager, scope)))).flat();
    return {
      identity: identityOf(records),
      records: records.map((row) => ({ resource: row.resource, id: row.id, createdAt: new Date(row.createdAt).toISOString() })),
      events: newestFirst(events).slice(0, PERSON_TIMELINE_LIMIT),
    };
  }
}

async function recordsOf(manager: EntityManager, person: PersonIdentity, resource: PersonRecordResource, id: string): Promise<PersonRecordRow[]> {
  const rows: PersonRecordRow[] =
    person.phone || person.email ? await manager.query(RECORDS_SQL, [person.phone ? [person.phone] : [], person.email ? [person.email] : []]) : [];
  // Leads merged into one of these (ADR 072) are the person's too, whatever phone or email they carry.
  const known = new Set(rows.map((row) => `${row.resource}:${row.id}`));
  const folded: PersonRecordRow[] = await manager.query(MERGED_INTO_SQL, [idsOf(rows, 'registrations'), idsOf(rows, 'contact')]);
  rows.push(...folded.filter((row) => !known.has(`${row.resource}:${row.id}`)));
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
