import type { FollowUpKind, FollowUpLeadType } from '@aipm/contracts';
import { FollowUp } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** A follow-up with its lead's name and phone (as stored: the mapper masks it). */
export interface FollowUpWithLead extends FollowUp {
  name: string;
  phone: string;
}

export interface NewLeadRow {
  leadType: FollowUpLeadType;
  leadId: string;
  name: string;
  phone: string;
  createdAt: Date;
}

export interface TodayRows {
  followUps: FollowUpWithLead[];
  followUpsTotal: number;
  newLeads: NewLeadRow[];
  newLeadsTotal: number;
}

const COLUMNS = `f."id", f."registrationId", f."contactMessageId", f."dueAt", f."kind", f."note", f."result", f."doneAt", f."createdAt"`;
/** The lead's name and phone, from whichever of the two tables it is in. */
const WITH_LEAD = `SELECT ${COLUMNS}, coalesce(r."name", m."name") AS "name", coalesce(r."phone", m."phone") AS "phone"
  FROM "follow_ups" f
  LEFT JOIN "registrations" r ON r."id" = f."registrationId"
  LEFT JOIN "contact_messages" m ON m."id" = f."contactMessageId"`;

/** A lead still new, not contacted, with no open follow-up (that one is in the first part already). */
const waitingLeads = (table: string, column: string) => `
  "${table}" l WHERE l."status" = 'new' AND l."firstContactedAt" IS NULL AND l."mergeId" IS NULL
    AND NOT EXISTS (SELECT 1 FROM "follow_ups" f WHERE f."${column}" = l."id" AND f."doneAt" IS NULL)`;

const leadColumn = (type: FollowUpLeadType) => (type === 'registration' ? 'registrationId' : 'contactMessageId');

/** The follow_ups table's statements; 今日待办's are one statement each (ADR 073). */
@Injectable()
export class FollowUpsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Null when the lead does not exist (a foreign key would fail the insert just the same, less clearly). */
  async insert(leadType: FollowUpLeadType, leadId: string, values: { dueAt: Date; kind: FollowUpKind; note: string | null }): Promise<FollowUp | null> {
    const table = leadType === 'registration' ? 'registrations' : 'contact_messages';
    const [row] = await this.dataSource.query<FollowUp[]>(
      `INSERT INTO "follow_ups" ("${leadColumn(leadType)}", "dueAt", "kind", "note")
       SELECT l."id", $2, $3, $4 FROM "${table}" l WHERE l."id" = $1
       RETURNING "id", "registrationId", "contactMessageId", "dueAt", "kind", "note", "result", "doneAt", "createdAt"`,
      [leadId, values.dueAt.toISOString(), values.kind, values.note],
    );
    return row ?? null;
  }

  find(id: string): Promise<FollowUp | null> {
    return this.dataSource.getRepository(FollowUp).findOneBy({ id });
  }

  /** Marks it done with its result, only while open: false when it was done already (or is gone). */
  async complete(id: string, result: string): Promise<boolean> {
    const [, affected] = await this.dataSource.query<[unknown, number]>(
      `UPDATE "follow_ups" SET "result" = $2, "doneAt" = now() WHERE "id" = $1 AND "doneAt" IS NULL`,
      [id, result],
    );
    return affected === 1;
  }

  /** One lead's follow-ups, the next due first then the earlier ones, as its page lists them. */
  forLead(leadType: FollowUpLeadType, leadId: string): Promise<FollowUp[]> {
    return this.dataSource.query<FollowUp[]>(
      `SELECT ${COLUMNS} FROM "follow_ups" f WHERE f."${leadColumn(leadType)}" = $1 ORDER BY f."dueAt" DESC, f."id" DESC`,
      [leadId],
    );
  }

  /**
   * 今日待办: open follow-ups due before `until`, soonest (most overdue) first; then the leads nobody has contacted,
   * newest first (each table read backwards through its (status, createdAt DESC NULLS LAST, id DESC) index). The
   * totals stop counting at `countCap`: the card says "200+" rather than reading every waiting lead.
   */
  async today(until: Date, limit: number, countCap: number): Promise<TodayRows> {
    const newest = `ORDER BY l."createdAt" DESC NULLS LAST, l."id" DESC`;
    const [followUps, [{ total: followUpsTotal }], newLeads, [{ total: newLeadsTotal }]] = await Promise.all([
      this.dataSource.query<FollowUpWithLead[]>(`${WITH_LEAD} WHERE f."doneAt" IS NULL AND f."dueAt" < $1 ORDER BY f."dueAt", f."id" LIMIT $2`, [until.toISOString(), limit]),
      this.dataSource.query<[{ total: number }]>(
        `SELECT count(*)::int AS total FROM (SELECT 1 FROM "follow_ups" WHERE "doneAt" IS NULL AND "dueAt" < $1 LIMIT $2) AS due`,
        [until.toISOString(), countCap],
      ),
      this.dataSource.query<NewLeadRow[]>(
        `SELECT * FROM (
           (SELECT 'registration' AS "leadType", l."id" AS "leadId", l."name", l."phone", l."createdAt" FROM ${waitingLeads('registrations', 'registrationId')} ${newest} LIMIT $1)
           UNION ALL
           (SELECT 'message', l."id", l."name", l."phone", l."createdAt" FROM ${waitingLeads('contact_messages', 'contactMessageId')} ${newest} LIMIT $1)
         ) AS l ORDER BY l."createdAt" DESC NULLS LAST, l."leadId" DESC LIMIT $1`,
        [limit],
      ),
      this.dataSource.query<[{ total: number }]>(
        `SELECT ((SELECT count(*) FROM (SELECT 1 FROM ${waitingLeads('registrations', 'registrationId')} LIMIT $1) AS r)
               + (SELECT count(*) FROM (SELECT 1 FROM ${waitingLeads('contact_messages', 'contactMessageId')} LIMIT $1) AS m))::int AS total`,
        [countCap],
      ),
    ]);
    return { followUps, followUpsTotal: Math.min(followUpsTotal, countCap), newLeads, newLeadsTotal: Math.min(newLeadsTotal, countCap) };
  }

  /** The earliest open due time after `after`, or null: when the reminders wake next. */
  async nextDueAfter(after: Date): Promise<Date | null> {
    const [row] = await this.dataSource.query<{ next: Date | null }[]>(`SELECT min("dueAt") AS next FROM "follow_ups" WHERE "doneAt" IS NULL AND "dueAt" > $1`, [after.toISOString()]);
    return row?.next ? new Date(row.next) : null;
  }

  /** Open follow-ups that fell due in (from, to], soonest first. */
  dueBetween(from: Date, to: Date): Promise<FollowUpWithLead[]> {
    return this.dataSource.query<FollowUpWithLead[]>(`${WITH_LEAD} WHERE f."doneAt" IS NULL AND f."dueAt" > $1 AND f."dueAt" <= $2 ORDER BY f."dueAt", f."id"`, [
      from.toISOString(),
      to.toISOString(),
    ]);
  }
}
