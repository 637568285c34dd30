import type { PhoneProvider } from '@aipm/contracts';
import type { ProviderCallDetail } from '@aipm/phone';
import type { DataSource } from 'typeorm';

/** A placed call as its details need it: whom to ask, by which id, and whether they were recorded already. */
export interface PlacedCall {
  provider: PhoneProvider;
  providerCallId: string | null;
  createdAt: Date;
  recorded: boolean;
}

/**
 * The provider's record of a placed call (`notification_call_details`) and the duration and cost it gives the
 * call log (ADR 021 "Call details", ADR 044). Written once per call, after LeadNotificationRepository finished it;
 * when to ask and what it costs are CallDetailRecorder's.
 */
export class CallDetailsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The call if it was placed; null for an attempt that failed or a call that does not exist. */
  async placedCall(callId: string): Promise<PlacedCall | null> {
    const [call]: PlacedCall[] = await this.dataSource.query(
      `SELECT c."provider", c."providerCallId", c."createdAt", (d."callId" IS NOT NULL) AS "recorded"
       FROM "notification_calls" c LEFT JOIN "notification_call_details" d ON d."callId" = c."id"
       WHERE c."id" = $1 AND c."status" = 'placed'`,
      [callId],
    );
    return call ? { ...call, createdAt: new Date(call.createdAt) } : null;
  }

  /** Keeps the details (the first record wins) and gives the call their duration and `costEstimateFen`, in one transaction. */
  async record(callId: string, detail: ProviderCallDetail, costEstimateFen: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO "notification_call_details" ("callId", "state", "answered", "durationSeconds", "price", "priceUnit") VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT ("callId") DO NOTHING`,
        [callId, detail.state.slice(0, 64), detail.answered, detail.durationSeconds, detail.price, detail.priceUnit?.slice(0, 8) ?? null],
      );
      await manager.query(`UPDATE "notification_calls" SET "durationSeconds" = $2, "costEstimateFen" = $3 WHERE "id" = $1`, [callId, detail.durationSeconds, costEstimateFen]);
    });
  }
}

export type CallDetailsStore = Pick<CallDetailsRepository, keyof CallDetailsRepository>;
