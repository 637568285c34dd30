import { PhoneProvider } from '@aipm/contracts';
import { costEstimateFen, type ProviderCallDetail } from '@aipm/phone';
import type { DataSource } from 'typeorm';
import type { VoiceClients } from './lead-announcer';

/** The call has not ended yet (or its record is not ready): the job throws it so BullMQ asks again later. */
export class CallNotEndedError extends Error {
  override name = CallNotEndedError.name;
}

export type CallDetailOutcome = { recorded: ProviderCallDetail } | { skipped: 'not-placed' | 'no-client' | 'already-recorded' };

/**
 * Replaces a placed call's estimate (speech length) with the provider's record once the call ended (ADR 021, "Call
 * details"): its real duration, and the cost of that many started minutes at the rate of
 * docs/product/constants.md#phone-notifications; the provider's own price, when it reports one (Twilio), is kept beside
 * it. Asked through the provider's API, as no public callback URL exists in front of the worker.
 */
export class CallDetailRecorder {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clients: VoiceClients,
  ) {}

  async record(callId: string): Promise<CallDetailOutcome> {
    const [call]: Array<{ provider: PhoneProvider; providerCallId: string | null; createdAt: Date; recorded: boolean }> = await this.dataSource.query(
      `SELECT c."provider", c."providerCallId", c."createdAt", (d."callId" IS NOT NULL) AS "recorded"
       FROM "notification_calls" c LEFT JOIN "notification_call_details" d ON d."callId" = c."id"
       WHERE c."id" = $1 AND c."status" = 'placed'`,
      [callId],
    );
    if (!call?.providerCallId) return { skipped: 'not-placed' };
    if (call.recorded) return { skipped: 'already-recorded' };
    const detail =
      call.provider === PhoneProvider.Aliyun
        ? await this.clients.primary?.callDetail(call.providerCallId, new Date(call.createdAt))
        : await this.clients.backup?.callDetail(call.providerCallId);
    if (detail === undefined) return { skipped: 'no-client' };
    if (detail === null) throw new CallNotEndedError(`call ${callId} has not ended at ${call.provider} yet`);

    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO "notification_call_details" ("callId", "state", "answered", "durationSeconds", "price", "priceUnit") VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT ("callId") DO NOTHING`,
        [callId, detail.state.slice(0, 64), detail.answered, detail.durationSeconds, detail.price, detail.priceUnit?.slice(0, 8) ?? null],
      );
      await manager.query(`UPDATE "notification_calls" SET "durationSeconds" = $2, "costEstimateFen" = $3 WHERE "id" = $1`, [
        callId,
        detail.durationSeconds,
        costEstimateFen(detail.durationSeconds),
      ]);
    });
    return { recorded: detail };
  }
}
