import { type LeadKind, NotificationCallStatus, type NotificationCallTrigger, type PhoneProvider } from '@aipm/contracts';
import type { DataSource, EntityManager } from 'typeorm';

// Any fixed 64-bit number, the same in every worker: one dispatch at a time across all of them.
const DISPATCH_LOCK_ID = 7_202_511_015;

/** A lead waiting for its announcement, as stored: `interest` is a registration's goal or major, a message's subject. */
export interface PendingLead {
  id: string;
  kind: LeadKind;
  name: string;
  phone: string;
  interest: string | null;
}

/** A call recorded as `dialing`, with the leads linked to it. */
export interface ClaimedCall {
  callId: string;
  leads: PendingLead[];
}

/** What is known of a call once the provider answered. */
export type CallOutcome =
  | { status: typeof NotificationCallStatus.Placed; providerCallId: string; durationSeconds: number; costEstimateFen: number }
  | { status: Exclude<NotificationCallStatus, 'placed' | 'dialing'>; errorCode: string; error: string };

/**
 * The new-lead announcements in PostgreSQL (ADR 021): pending leads, the call log (`notification_calls`, which the
 * other calls write too) and the links between them. The rules (when to call, whom, what to say) are LeadAnnouncer's.
 */
export class LeadNotificationRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Runs `work` holding the dispatch lock (a session advisory lock on one connection), one dispatch at a time. */
  async withDispatchLock<T>(work: () => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [DISPATCH_LOCK_ID]);
      return await work();
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [DISPATCH_LOCK_ID]).catch(() => undefined);
      await runner.release();
    }
  }

  /** Fails every call still `dialing` (only one dispatch runs, so its worker stopped mid-call) and puts its leads back. */
  async recoverInterruptedCalls(): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const interrupted: Array<{ id: string }> = await manager
        .query(
          `UPDATE "notification_calls" SET "status" = 'failed', "errorCode" = 'INTERRUPTED', "error" = '拨打过程中通知进程停止，线索将重新通知', "finishedAt" = now()
           WHERE "status" = 'dialing' RETURNING "id"`,
        )
        .then(([rows]: [Array<{ id: string }>]) => rows);
      if (interrupted.length > 0) await manager.query(`UPDATE "lead_notifications" SET "callId" = NULL WHERE "callId" = ANY($1) AND "announcedAt" IS NULL`, [interrupted.map((row) => row.id)]);
    });
  }

  async hasPending(): Promise<boolean> {
    const [row] = await this.dataSource.query(`SELECT EXISTS (SELECT 1 FROM "lead_notifications" WHERE "announcedAt" IS NULL AND "callId" IS NULL) AS "pending"`);
    return Boolean(row?.pending);
  }

  /** When the calls placed to `calledNumber` since `since` were made (the per-number limits count them). */
  async placedCallTimes(calledNumber: string, since: Date): Promise<Date[]> {
    const rows: Array<{ createdAt: Date }> = await this.dataSource.query(
      `SELECT "createdAt" FROM "notification_calls" WHERE "calledNumber" = $1 AND "status" = 'placed' AND "createdAt" > $2`,
      [calledNumber, since],
    );
    return rows.map((row) => new Date(row.createdAt));
  }

  /**
   * Records a `dialing` call and links every pending lead to it, in one transaction, so no other dispatch
   * announces them again; null when nothing is pending. `triggerFor` names the call from its number of leads.
   */
  claimPending(call: { provider: PhoneProvider; calledNumber: string; createdAt: Date; triggerFor: (leads: number) => NotificationCallTrigger }): Promise<ClaimedCall | null> {
    return this.dataSource.transaction(async (manager: EntityManager) => {
      const pending: PendingLead[] = await manager.query(
        `SELECT n."id",
                CASE WHEN n."registrationId" IS NOT NULL THEN 'registration' ELSE 'contact' END AS "kind",
                COALESCE(r."name", c."name") AS "name", COALESCE(r."phone", c."phone") AS "phone",
                COALESCE(NULLIF(r."goals", ''), r."major", c."subject") AS "interest"
         FROM "lead_notifications" n
         LEFT JOIN "registrations" r ON r."id" = n."registrationId"
         LEFT JOIN "contact_messages" c ON c."id" = n."contactMessageId"
         WHERE n."announcedAt" IS NULL AND n."callId" IS NULL
         ORDER BY n."createdAt" ASC
         FOR UPDATE OF n`,
      );
      if (pending.length === 0) return null;
      const [{ id: callId }] = await manager.query(
        `INSERT INTO "notification_calls" ("provider", "trigger", "calledNumber", "leadCount", "createdAt") VALUES ($1, $2, $3, $4, $5) RETURNING "id"`,
        [call.provider, call.triggerFor(pending.length), call.calledNumber, pending.length, call.createdAt],
      );
      await manager.query(`UPDATE "lead_notifications" SET "callId" = $1 WHERE "id" = ANY($2)`, [callId, pending.map((row) => row.id)]);
      // Kept whatever the attempt's outcome: the log names a failed attempt's lead after it went back to pending.
      await manager.query(`INSERT INTO "notification_call_leads" ("callId", "leadNotificationId") SELECT $1, unnest($2::uuid[])`, [callId, pending.map((row) => row.id)]);
      return { callId: String(callId), leads: pending };
    });
  }

  /** A `dialing` call that names no lead (the daily summary, the crawler check call): only its row in the log. */
  async startCall(call: { provider: PhoneProvider; trigger: NotificationCallTrigger; calledNumber: string; createdAt: Date }): Promise<string> {
    const [{ id }] = await this.dataSource.query(
      `INSERT INTO "notification_calls" ("provider", "trigger", "calledNumber", "leadCount", "createdAt") VALUES ($1, $2, $3, 0, $4) RETURNING "id"`,
      [call.provider, call.trigger, call.calledNumber, call.createdAt],
    );
    return String(id);
  }

  /** Records the call's outcome. Placed: its leads are announced; otherwise they go back to pending. */
  async finishCall(callId: string, outcome: CallOutcome): Promise<void> {
    const placed = outcome.status === NotificationCallStatus.Placed;
    // The columns are CallOutcome's keys, never a caller's text.
    const values = Object.entries(outcome);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE "notification_calls" SET ${values.map(([column], index) => `"${column}" = $${index + 2}`).join(', ')}, "finishedAt" = now() WHERE "id" = $1`,
        [callId, ...values.map(([, value]) => value)],
      );
      await manager.query(
        placed ? `UPDATE "lead_notifications" SET "announcedAt" = now() WHERE "callId" = $1` : `UPDATE "lead_notifications" SET "callId" = NULL WHERE "callId" = $1`,
        [callId],
      );
    });
  }
}

/** The repository's calls, for LeadAnnouncer and the fakes its unit tests use. */
export type LeadNotificationStore = Pick<LeadNotificationRepository, keyof LeadNotificationRepository>;
