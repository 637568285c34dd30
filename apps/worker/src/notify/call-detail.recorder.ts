import { PhoneProvider } from '@aipm/contracts';
import { costEstimateFen, type ProviderCallDetail } from '@aipm/phone';
import type { CallDetailsStore } from './call-details.repository';
import type { VoiceClients } from './call-route';

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
    private readonly details: CallDetailsStore,
    private readonly clients: VoiceClients,
  ) {}

  async record(callId: string): Promise<CallDetailOutcome> {
    const call = await this.details.placedCall(callId);
    if (!call?.providerCallId) return { skipped: 'not-placed' };
    if (call.recorded) return { skipped: 'already-recorded' };
    const detail =
      call.provider === PhoneProvider.Aliyun
        ? await this.clients.primary?.callDetail(call.providerCallId, call.createdAt)
        : await this.clients.backup?.callDetail(call.providerCallId);
    if (detail === undefined) return { skipped: 'no-client' };
    if (detail === null) throw new CallNotEndedError(`call ${callId} has not ended at ${call.provider} yet`);

    await this.details.record(callId, detail, costEstimateFen(detail.durationSeconds));
    return { recorded: detail };
  }
}
