import { LEAD_STATUS_LABELS, LEAD_STATUSES, normalisePhone, REPEAT_WINDOW_HOURS } from '@aipm/contracts';
import { type CreateRegistrationDto, type UpdateLeadDto } from '@aipm/contracts/dto';
import { Registration } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { DataSource, Repository } from 'typeorm';
import type { ListQueryDto } from '../common/list/list-query.dto';
import { beijingDay, beijingTime, deleteLead, type ExportColumn, exportLeads, findLead, listLeads, maskCsvPhone, type Page, updateLead } from '../leads/lead-records';
import type { ListSpec } from '../common/list/list-query';
import { consentOf, firstTouchSource, type VisitorContext } from '../leads/visitor-context';
import { NotifyRelay } from '../notifications/notify-relay.service';

export const REGISTRATION_LIST: ListSpec = {
  alias: 'registration',
  sortable: ['createdAt', 'id', 'name', 'school', 'major', 'status', 'followUpAt', 'repeatCount', 'lastRepeatedAt'],
  searchable: ['name', 'phone', 'email', 'school'],
  phoneDigits: true,
  searchIndexed: true,
  statuses: LEAD_STATUSES,
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
  ) {}

  /**
   * Committed before the visitor gets the answer. The same phone again within 24 hours of the first lead is
   * counted on that lead (the visitor still sees success). Registrations of one phone are serialised by a
   * transaction-scoped advisory lock, so simultaneous submissions cannot both create a lead. A new lead's
   * phone call is recorded in the same transaction and queued after it (a repeat rings nobody).
   *
   * All of it is one call of a database function (REGISTER_SQL): one round trip, where it took six and then four
   * (BEGIN, lock, statement, COMMIT), which cut the CPU of a registration by a sixth in the API and a quarter in
   * PostgreSQL (issue 18 item 5, ADR 033).
   */
  async register(dto: CreateRegistrationDto, visitor: VisitorContext): Promise<RegistrationOutcome> {
    // Honeypot: a bot filled the hidden field. It gets the same answer as a person, and nothing is stored.
    if (dto.website?.trim()) return { id: randomUUID(), stored: 'discarded' };

    const phoneNormalized = normalisePhone(dto.phone);
    if (!phoneNormalized) throw new Error('phone passed validation but does not normalise'); // validators guarantee it
    const consent = consentOf(visitor, new Date());
    const source = firstTouchSource(dto.source, visitor);
    const [row] = await this.dataSource.query<{ id: string; stored: 'new' | 'repeat' }[]>(REGISTER_SQL, [
      phoneNormalized,
      REPEAT_WINDOW_HOURS,
      dto.email ?? null,
      dto.goals || null,
      dto.name,
      dto.phone,
      dto.school,
      dto.major,
      source === null ? null : JSON.stringify(source),
      consent.agreementVersion,
      consent.agreedAt,
      consent.agreementIp,
      consent.agreementUserAgent,
    ]);
    if (!row) throw new Error('aipm_register_lead returned no row'); // one of its two branches always does
    const outcome: RegistrationOutcome = { id: row.id, stored: row.stored };
    if (outcome.stored === 'new') this.notifyRelay.kick();
    return outcome;
  }

  list(query: ListQueryDto): Promise<Page<Registration>> {
    return listLeads(this.registrations, REGISTRATION_LIST, query);
  }

  exportCsv(query: ListQueryDto): Promise<Readable> {
    return exportLeads(this.dataSource, this.registrations, REGISTRATION_LIST, query, EXPORT_COLUMNS);
  }

  find(id: string): Promise<Registration> {
    return findLead(this.registrations, id);
  }

  update(id: string, dto: UpdateLeadDto): Promise<Registration> {
    return updateLead(this.registrations, id, dto);
  }

  remove(id: string): Promise<Registration> {
    return deleteLead(this.registrations, id);
  }
}
