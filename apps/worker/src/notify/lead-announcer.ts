import { LeadKind, NotificationCallStatus, NotificationCallTrigger, type PhoneProvider } from '@aipm/contracts';
import {
  AliyunVoiceClient,
  announcementParams,
  announcementText,
  costEstimateFen,
  type LeadSummary,
  nextCallAllowedAt,
  LONGEST_LIMIT_WINDOW_MS,
  type PhoneSettings,
  quietUntil,
  speechSeconds,
  TwilioVoiceClient,
  VoiceCallError,
} from '@aipm/phone';
import type { DataSource, EntityManager } from 'typeorm';

// Any fixed 64-bit number, the same in every worker: one dispatch at a time across all of them.
const DISPATCH_LOCK_ID = 7_202_511_015;
const CONTACT_SUBJECT_WORDS: Record<string, string> = { course: '课程咨询', pricing: '费用咨询', enterprise: '企业合作', technical: '技术问题', other: '其他' };

export type DispatchResult =
  | { announced: number; provider: PhoneProvider; callId: string }
  | { announced: 0; deferredUntil: Date; reason: 'quiet-hours' | 'limit' | 'throttled' }
  | { announced: 0; reason: 'nothing-pending' | 'not-configured' };

/** Both providers failed: the job throws it so BullMQ retries with backoff (the leads stay pending). */
export class AnnouncementFailedError extends Error {
  override name = AnnouncementFailedError.name;
}

export interface VoiceClients {
  primary: Pick<AliyunVoiceClient, 'callByTts' | 'callDetail'> | null;
  backup: Pick<TwilioVoiceClient, 'call' | 'callDetail'> | null;
}

export function voiceClients(settings: PhoneSettings, timeoutMs = 10_000): VoiceClients {
  return {
    primary: settings.primary ? new AliyunVoiceClient(settings.primary.client, timeoutMs) : null,
    backup: settings.backup ? new TwilioVoiceClient(settings.backup.client, timeoutMs) : null,
  };
}

interface PendingRow {
  id: string;
  kind: LeadKind;
  name: string;
  phone: string;
  interest: string | null;
}

/**
 * Announces every pending lead in one call (ADR 021): one dispatch at a time across workers (a Postgres
 * advisory lock held for the call), never in quiet hours, never past the provider's per-number limits (1 a
 * minute, 5 an hour, 20 a day, counted from the call log), so leads that arrive meanwhile wait and are
 * announced together ("N new leads"). The leads are claimed (linked to a `dialing` call) before the provider
 * is asked, so no other dispatch announces them again; a dispatch that finds a `dialing` call left by a worker
 * that died puts its leads back (at least once: a lead is never lost, and rarely announced twice).
 */
export class LeadAnnouncer {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: PhoneSettings,
    private readonly clients: VoiceClients,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async dispatch(): Promise<DispatchResult> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [DISPATCH_LOCK_ID]);
      return await this.dispatchLocked();
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [DISPATCH_LOCK_ID]).catch(() => undefined);
      await runner.release();
    }
  }

  private async dispatchLocked(): Promise<DispatchResult> {
    await this.recoverInterruptedCalls();
    const { primary, backup } = this.settings;
    if (!primary && !backup) return { announced: 0, reason: 'not-configured' };
    const now = this.clock();
    const quietEnd = quietUntil(now, this.settings.quietHours);
    if (quietEnd) return (await this.hasPending()) ? { announced: 0, deferredUntil: quietEnd, reason: 'quiet-hours' } : { announced: 0, reason: 'nothing-pending' };

    // The primary first; the backup when the primary is not set up, refuses or fails.
    const route: Array<{ provider: PhoneProvider; calledNumber: string }> = [];
    if (primary && this.clients.primary) route.push({ provider: 'aliyun', calledNumber: primary.calledNumber });
    if (backup && this.clients.backup) route.push({ provider: 'twilio', calledNumber: backup.calledNumber });

    let lastError: VoiceCallError | null = null;
    for (const [index, { provider, calledNumber }] of route.entries()) {
      const allowedAt = await this.nextAllowedAt(calledNumber, now);
      if (allowedAt) {
        // The primary's limit is not a failure: wait for it rather than ring the backup.
        if (index === 0 || !lastError) return (await this.hasPending()) ? { announced: 0, deferredUntil: allowedAt, reason: 'limit' } : { announced: 0, reason: 'nothing-pending' };
        continue;
      }
      const claim = await this.claim(provider, calledNumber);
      if (!claim) return { announced: 0, reason: 'nothing-pending' };
      const params = announcementParams(claim.leads);
      const text = announcementText(params);
      try {
        const placed =
          provider === 'aliyun' ? await this.clients.primary!.callByTts(calledNumber, params, claim.callId) : await this.clients.backup!.call(calledNumber, text);
        const seconds = speechSeconds(text, 2);
        await this.finish(claim.callId, { status: NotificationCallStatus.Placed, providerCallId: placed.providerCallId, durationSeconds: seconds, costEstimateFen: costEstimateFen(seconds) }, true);
        return { announced: claim.leads.length, provider, callId: claim.callId };
      } catch (error) {
        const failure =
          error instanceof VoiceCallError ? error : new VoiceCallError(provider, 'failed', 'UNEXPECTED', error instanceof Error ? error.message : String(error));
        await this.finish(claim.callId, { status: failure.outcome === 'throttled' ? NotificationCallStatus.Throttled : failure.outcome === 'refused' ? NotificationCallStatus.Refused : NotificationCallStatus.Failed, errorCode: failure.code.slice(0, 64), error: failure.message }, false);
        // The provider's own limit (calls it counted that the log did not): try again in a minute, no fallback.
        if (failure.outcome === 'throttled' && index === 0) return { announced: 0, deferredUntil: new Date(now.getTime() + 60_000), reason: 'throttled' };
        lastError = failure;
      }
    }
    throw new AnnouncementFailedError(lastError ? `${lastError.provider} ${lastError.code}: ${lastError.message}` : 'no provider could place the call');
  }

  /** Only one dispatch runs (the lock): any call still `dialing` was left by a worker that stopped mid-call. */
  private async recoverInterruptedCalls(): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const interrupted: Array<{ id: string }> = await manager.query(
        `UPDATE "notification_calls" SET "status" = 'failed', "errorCode" = 'INTERRUPTED', "error" = '拨打过程中通知进程停止，线索将重新通知', "finishedAt" = now()
         WHERE "status" = 'dialing' RETURNING "id"`,
      ).then(([rows]: [Array<{ id: string }>]) => rows);
      if (interrupted.length > 0) await manager.query(`UPDATE "lead_notifications" SET "callId" = NULL WHERE "callId" = ANY($1) AND "announcedAt" IS NULL`, [interrupted.map((row) => row.id)]);
    });
  }

  private async hasPending(): Promise<boolean> {
    const [row] = await this.dataSource.query(`SELECT EXISTS (SELECT 1 FROM "lead_notifications" WHERE "announcedAt" IS NULL AND "callId" IS NULL) AS "pending"`);
    return Boolean(row?.pending);
  }

  private async nextAllowedAt(calledNumber: string, now: Date): Promise<Date | null> {
    const rows: Array<{ createdAt: Date }> = await this.dataSource.query(
      `SELECT "createdAt" FROM "notification_calls" WHERE "calledNumber" = $1 AND "status" = 'placed' AND "createdAt" > $2`,
      [calledNumber, new Date(now.getTime() - LONGEST_LIMIT_WINDOW_MS)],
    );
    return nextCallAllowedAt(rows.map((row) => new Date(row.createdAt)), now);
  }

  /** Records the call as `dialing` and links every pending lead to it, in one transaction. */
  private async claim(provider: PhoneProvider, calledNumber: string): Promise<{ callId: string; leads: LeadSummary[] } | null> {
    return this.dataSource.transaction(async (manager: EntityManager) => {
      const pending: PendingRow[] = await manager.query(
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
        [provider, pending.length === 1 ? NotificationCallTrigger.Lead : NotificationCallTrigger.Batch, calledNumber, pending.length, this.clock()],
      );
      await manager.query(`UPDATE "lead_notifications" SET "callId" = $1 WHERE "id" = ANY($2)`, [callId, pending.map((row) => row.id)]);
      // Kept whatever the attempt's outcome: the log names a failed attempt's lead after it went back to pending.
      await manager.query(`INSERT INTO "notification_call_leads" ("callId", "leadNotificationId") SELECT $1, unnest($2::uuid[])`, [callId, pending.map((row) => row.id)]);
      const leads = pending.map((row) => ({
        kind: row.kind,
        name: row.name,
        phone: row.phone,
        interest: row.kind === LeadKind.Contact ? (CONTACT_SUBJECT_WORDS[row.interest ?? ''] ?? '咨询') : (row.interest ?? ''),
      }));
      return { callId: String(callId), leads };
    });
  }

  /** Placed: the leads are announced. Otherwise they go back to pending for the next provider or attempt. */
  private async finish(callId: string, values: Record<string, unknown>, placed: boolean): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const columns = Object.keys(values);
      await manager.query(
        `UPDATE "notification_calls" SET ${columns.map((column, index) => `"${column}" = $${index + 2}`).join(', ')}, "finishedAt" = now() WHERE "id" = $1`,
        [callId, ...columns.map((column) => values[column])],
      );
      await manager.query(
        placed ? `UPDATE "lead_notifications" SET "announcedAt" = now() WHERE "callId" = $1` : `UPDATE "lead_notifications" SET "callId" = NULL WHERE "callId" = $1`,
        [callId],
      );
    });
  }
}
