import { NotificationCallStatus, type PhoneProvider } from '@aipm/contracts';
import {
  AliyunVoiceClient,
  costEstimateFen,
  LONGEST_LIMIT_WINDOW_MS,
  nextCallAllowedAt,
  type PhoneSettings,
  speechSeconds,
  TwilioVoiceClient,
  VoiceCallError,
} from '@aipm/phone';
import type { CallOutcome, LeadNotificationStore } from './lead-notification.repository';

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

/** One line a call can take: the provider and the number it rings. */
export interface CallLine {
  provider: PhoneProvider;
  calledNumber: string;
}

/**
 * The lines a call takes, in order: the primary first, the backup when the primary is not set up, refuses or fails.
 * `primary: false` leaves the primary out (a call whose own template is not registered there).
 */
export function callRoute(settings: PhoneSettings, clients: VoiceClients, { primary = true }: { primary?: boolean } = {}): CallLine[] {
  const route: CallLine[] = [];
  if (primary && settings.primary && clients.primary) route.push({ provider: 'aliyun', calledNumber: settings.primary.calledNumber });
  if (settings.backup && clients.backup) route.push({ provider: 'twilio', calledNumber: settings.backup.calledNumber });
  return route;
}

/** A `dialing` row of the call log, and what the call says: the primary's template variables, the backup's sentence. */
export interface StartedCall {
  callId: string;
  params: Parameters<AliyunVoiceClient['callByTts']>[1];
  text: string;
}

export interface RouteCall<S> {
  route: readonly CallLine[];
  /** The moment the per-number limits are counted at (a throttled primary is tried again a minute after it). */
  now: Date;
  calls: Pick<LeadNotificationStore, 'placedCallTimes' | 'finishCall'>;
  clients: VoiceClients;
  /** The primary's template for this call; its default (the new-lead call's) when not given. */
  ttsCode?: string;
  /** Records the `dialing` row on that line, with what the call says; null when there is nothing left to call about. */
  start(line: CallLine): Promise<S>;
  /** What the call is, for the error when no line placed it ("the summary"). */
  what: string;
}

export type RoutePlaced<S extends StartedCall> = { placed: true; provider: PhoneProvider; call: S };
/** Put off until `until`: the primary's per-number limit (not a failure, so the backup is not rung), or its throttling. */
export type RoutePutOff = { placed: false; reason: 'limit' | 'throttled'; until: Date };
export type RouteNothingToCall = { placed: false; reason: 'nothing-to-call' };

/**
 * Places a call on its route (ADR 021, the new-lead call's way, which the other calls follow): on each line in turn,
 * within the number's limits (counted from the call log), it records the call, asks the provider, and records the
 * outcome. The caller holds the dispatch lock. Every line failing throws AnnouncementFailedError.
 */
export function placeOnRoute<S extends StartedCall>(call: RouteCall<S>): Promise<RoutePlaced<S> | RoutePutOff>;
export function placeOnRoute<S extends StartedCall>(call: RouteCall<S | null>): Promise<RoutePlaced<S> | RoutePutOff | RouteNothingToCall>;
export async function placeOnRoute<S extends StartedCall>(call: RouteCall<S | null>): Promise<RoutePlaced<S> | RoutePutOff | RouteNothingToCall> {
  const { now, calls, clients } = call;
  let lastError: VoiceCallError | null = null;
  for (const [index, line] of call.route.entries()) {
    const { provider, calledNumber } = line;
    const allowedAt = nextCallAllowedAt(await calls.placedCallTimes(calledNumber, new Date(now.getTime() - LONGEST_LIMIT_WINDOW_MS)), now);
    if (allowedAt) {
      // The primary's limit is not a failure: wait for it rather than ring the backup.
      if (index === 0 || !lastError) return { placed: false, reason: 'limit', until: allowedAt };
      continue;
    }
    const started = await call.start(line);
    if (!started) return { placed: false, reason: 'nothing-to-call' };
    try {
      const placed =
        provider === 'aliyun'
          ? await clients.primary!.callByTts(calledNumber, started.params, started.callId, call.ttsCode)
          : await clients.backup!.call(calledNumber, started.text);
      const seconds = speechSeconds(started.text, 2);
      await calls.finishCall(started.callId, { status: NotificationCallStatus.Placed, providerCallId: placed.providerCallId, durationSeconds: seconds, costEstimateFen: costEstimateFen(seconds) });
      return { placed: true, provider, call: started };
    } catch (error) {
      const failure = error instanceof VoiceCallError ? error : new VoiceCallError(provider, 'failed', 'UNEXPECTED', error instanceof Error ? error.message : String(error));
      await calls.finishCall(started.callId, failedCall(failure));
      // The provider's own limit (calls it counted that the log did not): try again in a minute, no fallback.
      if (failure.outcome === 'throttled' && index === 0) return { placed: false, reason: 'throttled', until: new Date(now.getTime() + 60_000) };
      lastError = failure;
    }
  }
  throw new AnnouncementFailedError(lastError ? `${lastError.provider} ${lastError.code}: ${lastError.message}` : `no provider could place ${call.what}`);
}

/** The call log's record of a provider's refusal or failure. */
function failedCall(failure: VoiceCallError): CallOutcome {
  const status = failure.outcome === 'throttled' ? NotificationCallStatus.Throttled : failure.outcome === 'refused' ? NotificationCallStatus.Refused : NotificationCallStatus.Failed;
  return { status, errorCode: failure.code.slice(0, 64), error: failure.message };
}
