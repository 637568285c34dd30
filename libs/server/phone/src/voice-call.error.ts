import type { PhoneProvider } from '@aipm/contracts';

/**
 * How a provider's failure is handled: `throttled`, its per-number limit (wait and retry, no fallback: the
 * backup would ring another phone for a lead the sales phone will hear about a minute later); `refused`, it
 * turned the call down (no-call period, template, number); `failed`, an error or no answer in time. Refused
 * and failed calls fall back to the backup.
 */
export type VoiceCallOutcome = 'throttled' | 'refused' | 'failed';

/** A provider did not place the call. The message never carries credentials or signed URLs: it is logged and shown. */
export class VoiceCallError extends Error {
  constructor(
    readonly provider: PhoneProvider,
    readonly outcome: VoiceCallOutcome,
    /** The provider's code (isv.BUSINESS_LIMIT_CONTROL, 21215, HTTP 503, TIMEOUT …). */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = VoiceCallError.name;
  }
}

/** What a provider answers for a placed call. */
export interface PlacedCall {
  providerCallId: string;
}

/**
 * A call's record at the provider once it ended (ADR 021, "Call details"): fetched by the worker through the
 * provider's API (Alibaba Cloud QueryCallDetailByCallId, Twilio's call resource), as no public callback URL exists.
 */
export interface ProviderCallDetail {
  /** Alibaba Cloud's state code (200000 answered …) or Twilio's final status (completed, no-answer …). */
  state: string;
  answered: boolean;
  /** The provider's measured duration; 0 when not answered. */
  durationSeconds: number;
  /** The provider's own price when it reports one (Twilio: "-0.01300" in `priceUnit`), else null. */
  price: string | null;
  priceUnit: string | null;
}
