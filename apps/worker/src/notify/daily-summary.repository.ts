import { DAILY_SUMMARY_SETTINGS_KEYS, type DailySummarySettings, NotificationCallTrigger, parseDailySummarySettings } from '@aipm/contracts';
import type { DataSource } from 'typeorm';

/** The figures the summary speaks: follow-ups due by the end of today (overdue included) and leads nobody contacted. */
export interface DailySummaryCounts {
  due: number;
  waiting: number;
}

/** A lead still new, not contacted, not merged away, with no open follow-up (that one is counted as due): 今日待办's rule. */
const waitingLeads = (table: string, column: string) => `
  SELECT count(*)::int AS "n" FROM "${table}" l WHERE l."status" = 'new' AND l."firstContactedAt" IS NULL AND l."mergeId" IS NULL
    AND NOT EXISTS (SELECT 1 FROM "follow_ups" f WHERE f."${column}" = l."id" AND f."doneAt" IS NULL)`;

/** The daily summary's reads; its call row, the per-number limits and the outcome are LeadNotificationRepository's. */
export class DailySummaryRepository {
  constructor(private readonly dataSource: DataSource) {}

  async settings(): Promise<DailySummarySettings> {
    const rows: Array<{ key: string; value: string }> = await this.dataSource.query(`SELECT "key", "value" FROM "admin_config" WHERE "key" = ANY($1)`, [
      Object.values(DAILY_SUMMARY_SETTINGS_KEYS),
    ]);
    return parseDailySummarySettings(rows);
  }

  /** Counted in full (not capped like 今日待办's totals): the call says the exact figure. */
  async counts(endOfToday: Date): Promise<DailySummaryCounts> {
    const [[due], [registrations], [messages]] = await Promise.all([
      this.dataSource.query(`SELECT count(*)::int AS "n" FROM "follow_ups" WHERE "doneAt" IS NULL AND "dueAt" < $1`, [endOfToday.toISOString()]),
      this.dataSource.query(waitingLeads('registrations', 'registrationId')),
      this.dataSource.query(waitingLeads('contact_messages', 'contactMessageId')),
    ]);
    return { due: Number(due.n), waiting: Number(registrations.n) + Number(messages.n) };
  }

  /** Whether a summary call was already placed (or is being placed) since `since`: one a day, whoever asks twice. */
  async calledSince(since: Date): Promise<boolean> {
    const [row] = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM "notification_calls" WHERE "trigger" = $1 AND "status" IN ('placed', 'dialing') AND "createdAt" >= $2) AS "called"`,
      [NotificationCallTrigger.Summary, since],
    );
    return Boolean(row?.called);
  }
}

export type DailySummaryStore = Pick<DailySummaryRepository, keyof DailySummaryRepository>;
