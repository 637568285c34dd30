import { CONTACT_SUBJECT_LABELS, CONTACT_SUBJECTS, LEAD_STATUSES, MESSAGE_STATUS_LABELS, normalisePhone } from '@aipm/contracts';
import { type CreateContactMessageDto, type UpdateLeadDto } from '@aipm/contracts/dto';
import { ContactMessage } from '@aipm/database';
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
import { firstTouchSource, type VisitorContext } from '../leads/visitor-context';
import { LEAD_METRICS, type LeadMetrics } from '../metrics/metrics.module';
import { NotifyRelay } from '../notifications/notify-relay.service';
import { LeadSettingsService } from '../lead-settings/lead-settings.service';

export const CONTACT_LIST: ListSpec = {
  alias: 'contact',
  sortable: ['createdAt', 'id', 'name', 'subject', 'status', 'followUpAt'],
  searchable: ['name', 'phone', 'email', 'message'],
  phoneDigits: true,
  searchIndexed: true,
  statuses: LEAD_STATUSES,
  enumFilters: { subject: CONTACT_SUBJECTS },
  always: STANDING_LEADS,
};

const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: '提交时间', key: 'createdAt', sql: beijingTime('contact."createdAt"') },
  { header: '姓名', key: 'name', sql: 'contact."name"' },
  // Masked (PIPL): the file leaves the back office; one number is shown in full on the lead's page, audited.
  { header: '手机号码', key: 'phone', sql: 'contact."phone"', format: maskCsvPhone },
  { header: '邮箱', key: 'email', sql: 'contact."email"' },
  { header: '咨询主题', key: 'subject', sql: 'contact."subject"', labels: CONTACT_SUBJECT_LABELS },
  { header: '咨询内容', key: 'message', sql: 'contact."message"' },
  { header: '状态', key: 'status', sql: 'contact."status"', labels: MESSAGE_STATUS_LABELS },
  { header: '备注', key: 'note', sql: 'contact."note"' },
  { header: '跟进日期', key: 'followUpAt', sql: beijingDay('contact."followUpAt"') },
  { header: '来源', key: 'utmSource', sql: `contact."source"->>'utm_source'` },
  { header: '媒介', key: 'utmMedium', sql: `contact."source"->>'utm_medium'` },
  { header: '活动', key: 'utmCampaign', sql: `contact."source"->>'utm_campaign'` },
  { header: '来源页面', key: 'referrer', sql: `contact."source"->>'referrer'` },
  { header: 'ID', key: 'id', sql: 'contact."id"' },
];

@Injectable()
export class ContactService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(ContactMessage) private readonly messages: Repository<ContactMessage>,
    private readonly notifyRelay: NotifyRelay,
    private readonly leadSettings: LeadSettingsService,
    @Inject(LEAD_METRICS) private readonly leadMetrics: LeadMetrics,
  ) {}

  /**
   * Every message is kept (no repeat detection: each question deserves an answer) and rings the sales phone;
   * the message and its call are committed together before the reply, the call queued after it.
   */
  async submit(dto: CreateContactMessageDto, visitor: VisitorContext): Promise<{ id: string; stored: boolean }> {
    // Honeypot: a bot filled the hidden field. Same answer as for a person, nothing stored.
    if (dto.website?.trim()) return { id: randomUUID(), stored: false };
    const phoneNormalized = normalisePhone(dto.phone);
    if (!phoneNormalized) throw new Error('phone passed validation but does not normalise'); // validators guarantee it
    const source = firstTouchSource(dto.source, visitor);
    const id = await this.dataSource.transaction(async (manager) => {
      const inserted = await manager.insert(ContactMessage, {
        name: dto.name,
        phone: dto.phone,
        phoneNormalized,
        email: dto.email ?? null,
        subject: dto.subject,
        message: dto.message || null,
        source,
      });
      const messageId = String(inserted.identifiers[0].id);
      await this.notifyRelay.record(manager, { contactMessageId: messageId });
      return messageId;
    });
    this.notifyRelay.kick();
    this.leadMetrics.stored('message', source?.utm_source);
    return { id, stored: true };
  }

  list(query: ListQueryDto): Promise<Page<LeadRow<ContactMessage>>> {
    return listLeads(this.messages, CONTACT_LIST, query);
  }

  async exportCsv(query: ListQueryDto): Promise<Readable> {
    const { statusReasons } = await this.leadSettings.read();
    return exportRows(this.dataSource, this.messages, CONTACT_LIST, query, withStatusColumns(EXPORT_COLUMNS, leadStatusColumns('contact', statusReasons)));
  }

  find(id: string): Promise<ContactMessage> {
    return findLead(this.messages, id);
  }

  update(id: string, dto: UpdateLeadDto): Promise<ContactMessage> {
    return updateLead(this.messages, id, dto, () => this.leadSettings.offeredReasons());
  }

  remove(id: string): Promise<ContactMessage> {
    return deleteLead(this.messages, id);
  }
}
