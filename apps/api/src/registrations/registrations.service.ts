import { LEAD_STATUS_LABELS, LEAD_STATUSES, normalisePhone, REPEAT_WINDOW_HOURS } from '@aipm/contracts';
import { type CreateRegistrationDto, type UpdateLeadDto } from '@aipm/contracts/dto';
import { Registration } from '@aipm/database';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { DataSource, Repository } from 'typeorm';
import type { ListQueryDto } from '../common/list/list-query.dto';
import { leadStatusColumns, withStatusColumns } from '../leads/lead-export-columns';
import { beijingDay, beijingTime, type ExportColumn, exportRows, maskCsvPhone } from '../common/export/csv-export';
import { deleteLead, findLead, type LeadRow, listLeads, type Page, STANDING_LEADS, updateLead } from '../leads/lead-records';
import type { ListSpec } from '../common/list/list-query';
import { type Consent, consentOf, firstTouchSource, type VisitorContext } from '../leads/visitor-context';
import { LEAD_METRICS, type LeadMetrics } from '../metrics/metrics.module';
import { NotifyRelay } from '../notifications/notify-relay.service';
import { LeadSettingsService } from '../lead-settings/lead-settings.service';
import { GroupCommit } from '../common/group-commit/group-commit';

export const REGISTRATION_LIST: ListSpec = {
  alias: 'registration',
  sortable: ['createdAt', 'id', 'name', 'school', 'major', 'status', 'followUpAt', 'repeatCount', 'lastRepeatedAt'],
  searchable: ['name', 'phone', 'email', 'school'],
  phoneDigits: true,
  searchIndexed: true,
  statuses: LEAD_STATUSES,
  always: STANDING_LEADS,
};

const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: '报名时间', key: 'createdAt', sql: beijingTime('registration."createdAt"') },
  { header: '姓名', key: 'name', sql: 'registration."name"' },
  // Masked (PIPL): the file leaves the back office; one number is shown in full on the lead's page, audited.
  { header: '手机号码', key: 'phone', sql: 'registration."phone"', format: maskCsvPhone },
  { header: '邮箱', key: 'email', sql: 'registration."email"' },
  { header: '学校', key: 'school', sql: 'registration."school"' },
  { header: '专业', key: 'major', sql: 'registration."major"' },
  { header: '学习目标', key: 'goals', sql: 'registration."goals"' },
  { header: '状态', key: 'status', sql: 'registration."status"', labels: LEAD_STATUS_LABELS },
  { header: '备注', key: 'note', sql: 'registration."note"' },
  { header: '跟进日期', key: 'followUpAt', sql: beijingDay('registration."followUpAt"') },
  { header: '重复提交次数', key: 'repeatCount', sql: 'registration."repeatCount"' },
  { header: '来源', key: 'utmSource', sql: `registration."source"->>'utm_source'` },
  { header: '媒介', key: 'utmMedium', sql: `registration."source"->>'utm_medium'` },
  { header: '活动', key: 'utmCampaign', sql: `registration."source"->>'utm_campaign'` },
  { header: '来源页面', key: 'referrer', sql: `registration."source"->>'referrer'` },
  { header: '协议版本', key: 'agreementVersion', sql: 'registration."agreementVersion"' },
  { header: 'ID', key: 'id', sql: 'registration."id"' },
];

/**
 * A registration in one round trip: `aipm_register_lead` (migration RegisterLeadFunction1795600000000) takes the
 * phone's transaction-scoped advisory lock, then in one statement counts a repeat on the phone's first lead
 * within the window (adding the email and goals it lacked) or inserts a new lead and its phone call (the outbox,
 * ADR 021). The lock keeps any other registration of this phone out until the implicit transaction commits.
 */
const REGISTER_SQL = `SELECT lead_id AS id, outcome AS stored FROM aipm_register_lead($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13)`;

/**
 * Several registrations in one statement and one transaction (the group commit, ADR 033): the same function
 * once per row, in the rows' order. A VOLATILE function's statements each take a fresh snapshot that sees what
 * the calls before it in this transaction wrote, so a phone twice in one batch is a lead and a repeat, as two
 * statements would make it. The rows come sorted by phone: every batch takes its advisory locks in one order,
 * so two batches in flight cannot deadlock.
 */
const REGISTER_BATCH_SQL = `
  SELECT row.position::int AS position, lead.lead_id AS id, lead.outcome AS stored
  FROM unnest($1::varchar[], $2::varchar[], $3::text[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[],
              $8::text[], $9::varchar[], $10::timestamptz[], $11::varchar[], $12::varchar[])
       WITH ORDINALITY AS row(phone_normalized, email, goals, name, phone, school, major, source, agreement_version,
                              agreed_at, agreement_ip, agreement_user_agent, position)
  CROSS JOIN LATERAL aipm_register_lead(row.phone_normalized, $13, row.email, row.goals, row.name, row.phone, row.school,
                                        row.major, row.source::jsonb, row.agreement_version, row.agreed_at,
                                        row.agreement_ip, row.agreement_user_agent) AS lead`;

/**
 * Statements of registrations in flight per API process; what arrives meanwhile goes in the next one. One gave
 * larger batches and less CPU on both sides than two in the registrations bench (ADR 033).
 */
const REGISTER_STATEMENTS_IN_FLIGHT = 1;
/** Registrations per statement at most: a batch holds its phones' locks until it commits. */
const REGISTER_BATCH_LIMIT = 100;

/** One registration as the database function takes it. */
interface LeadWrite extends Consent {
  phoneNormalized: string;
  email: string | null;
  goals: string | null;
  name: string;
  phone: string;
  school: string;
  major: string;
  /** JSON text, or null. */
  source: string | null;
}

/** Any one total order of phones serves, as long as every batch uses it. */
const byPhone = (a: LeadWrite, b: LeadWrite) => (a.phoneNormalized < b.phoneNormalized ? -1 : a.phoneNormalized > b.phoneNormalized ? 1 : 0);

type StoredLead = { id: string; stored: 'new' | 'repeat' };

export interface RegistrationOutcome {
  id: string;
  /** A repeat of an earlier lead, or a honeypot hit: nothing new was stored. */
  stored: 'new' | 'repeat' | 'discarded';
}

@Injectable()
export class RegistrationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(Registration) private readonly registrations: Repository<Registration>,
    private readonly notifyRelay: NotifyRelay,
    private readonly leadSettings: LeadSettingsService,
    @Inject(LEAD_METRICS) private readonly leadMetrics: LeadMetrics,
  ) {}

  /** Registrations arriving together are stored together (ADR 033). */
  readonly writes = new GroupCommit<LeadWrite, StoredLead>(
    { writeOne: (lead) => this.writeOne(lead), writeBatch: (leads) => this.writeBatch(leads) },
    { inFlight: REGISTER_STATEMENTS_IN_FLIGHT, batch: REGISTER_BATCH_LIMIT },
  );

  /**
   * Committed before the visitor gets the answer (with the registrations that arrived beside it, in one
   * statement: `writes`). The same phone again within 24 hours of the first lead is
   * counted on that lead (the visitor still sees success). Registrations of one phone are serialised by a
   * transaction-scoped advisory lock, so simultaneous submissions cannot both create a lead. A new lead's
   * phone call is recorded in the same transaction and queued after it (a repeat rings nobody).
   *
   * All of it is one call of a database function (REGISTER_SQL): one round trip, where it took six and then four
   * (BEGIN, lock, statement, COMMIT), which cut the CPU of a registration by a sixth in the API and a quarter in
   * PostgreSQL; under load several share one statement and one commit (ADR 033).
   */
  async register(dto: CreateRegistrationDto, visitor: VisitorContext): Promise<RegistrationOutcome> {
    // Honeypot: a bot filled the hidden field. It gets the same answer as a person, and nothing is stored.
    if (dto.website?.trim()) return { id: randomUUID(), stored: 'discarded' };

    const phoneNormalized = normalisePhone(dto.phone);
    if (!phoneNormalized) throw new Error('phone passed validation but does not normalise'); // validators guarantee it
    const consent = consentOf(visitor, new Date());
    const source = firstTouchSource(dto.source, visitor);
    const { id, stored } = await this.writes.write({
      phoneNormalized,
      email: dto.email ?? null,
      goals: dto.goals || null,
      name: dto.name,
      phone: dto.phone,
      school: dto.school,
      major: dto.major,
      source: source === null ? null : JSON.stringify(source),
      ...consent,
    });
    if (stored === 'new') {
      this.notifyRelay.kick();
      this.leadMetrics.stored('registration', source?.utm_source);
    }
    return { id, stored };
  }

  private async writeOne(lead: LeadWrite): Promise<StoredLead> {
    const [row] = await this.dataSource.query<StoredLead[]>(REGISTER_SQL, [
      lead.phoneNormalized,
      REPEAT_WINDOW_HOURS,
      lead.email,
      lead.goals,
      lead.name,
      lead.phone,
      lead.school,
      lead.major,
      lead.source,
      lead.agreementVersion,
      lead.agreedAt,
      lead.agreementIp,
      lead.agreementUserAgent,
    ]);
    if (!row) throw new Error('aipm_register_lead returned no row'); // one of its two branches always does
    return row;
  }

  private async writeBatch(leads: readonly LeadWrite[]): Promise<StoredLead[]> {
    const order = leads.map((_, index) => index).sort((a, b) => byPhone(leads[a], leads[b]));
    const column = <Key extends keyof LeadWrite>(key: Key) => order.map((index) => leads[index][key]);
    const rows = await this.dataSource.query<(StoredLead & { position: number })[]>(REGISTER_BATCH_SQL, [
      column('phoneNormalized'),
      column('email'),
      column('goals'),
      column('name'),
      column('phone'),
      column('school'),
      column('major'),
      column('source'),
      column('agreementVersion'),
      column('agreedAt'),
      column('agreementIp'),
      column('agreementUserAgent'),
      REPEAT_WINDOW_HOURS,
    ]);
    const results: StoredLead[] = new Array(leads.length);
    for (const { position, id, stored } of rows) results[order[position - 1]] = { id, stored };
    if (rows.length !== leads.length || results.includes(undefined as never)) throw new Error('aipm_register_lead answered a batch with missing rows');
    return results;
  }

  list(query: ListQueryDto): Promise<Page<LeadRow<Registration>>> {
    return listLeads(this.registrations, REGISTRATION_LIST, query);
  }

  async exportCsv(query: ListQueryDto): Promise<Readable> {
    const { statusReasons } = await this.leadSettings.read();
    return exportRows(this.dataSource, this.registrations, REGISTRATION_LIST, query, withStatusColumns(EXPORT_COLUMNS, leadStatusColumns('registration', statusReasons)));
  }

  find(id: string): Promise<Registration> {
    return findLead(this.registrations, id);
  }

  update(id: string, dto: UpdateLeadDto): Promise<Registration> {
    return updateLead(this.registrations, id, dto, () => this.leadSettings.offeredReasons());
  }

  remove(id: string): Promise<Registration> {
    return deleteLead(this.registrations, id);
  }
}
