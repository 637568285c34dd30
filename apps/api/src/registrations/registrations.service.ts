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
   */
  async register(dto: CreateRegistrationDto, visitor: VisitorContext): Promise<RegistrationOutcome> {
    // Honeypot: a bot filled the hidden field. It gets the same answer as a person, and nothing is stored.
    if (dto.website?.trim()) return { id: randomUUID(), stored: 'discarded' };

    const phoneNormalized = normalisePhone(dto.phone);
    if (!phoneNormalized) throw new Error('phone passed validation but does not normalise'); // validators guarantee it
    const outcome = await this.dataSource.transaction(async (manager): Promise<RegistrationOutcome> => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('registrations'), hashtext($1))`, [phoneNormalized]);
      // An UPDATE answers [rows, affected count] through TypeORM's postgres driver.
      const [[first]] = await manager.query<[{ id: string }[], number]>(
        `UPDATE "registrations" SET "repeatCount" = "repeatCount" + 1, "lastRepeatedAt" = now(),
                "email" = COALESCE("email", $3), "goals" = COALESCE("goals", $4)
         WHERE "id" = (SELECT "id" FROM "registrations"
                       WHERE "phoneNormalized" = $1 AND "createdAt" > now() - make_interval(hours => $2)
                       ORDER BY "createdAt" ASC LIMIT 1)
         RETURNING "id"`,
        [phoneNormalized, REPEAT_WINDOW_HOURS, dto.email ?? null, dto.goals || null]
      );
      if (first) return { id: first.id, stored: 'repeat' };

      const now = new Date();
      const inserted = await manager.insert(Registration, {
        name: dto.name,
        phone: dto.phone,
        phoneNormalized,
        email: dto.email ?? null,
        school: dto.school,
        major: dto.major,
        goals: dto.goals || null,
        source: firstTouchSource(dto.source, visitor),
        ...consentOf(visitor, now),
      });
      const id = String(inserted.identifiers[0].id);
      await this.notifyRelay.record(manager, { registrationId: id });
      return { id, stored: 'new' };
    });
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
