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
import type { CallOutcome, LeadNotificationStore, PendingLead } from './lead-notification.repository';

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
    private readonly store: LeadNotificationStore,
    private readonly settings: PhoneSettings,
    private readonly clients: VoiceClients,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  dispatch(): Promise<DispatchResult> {
    return this.store.withDispatchLock(() => this.dispatchLocked());
  }

  private async dispatchLocked(): Promise<DispatchResult> {
    await this.store.recoverInterruptedCalls();
    const { primary, backup } = this.settings;
    if (!primary && !backup) return { announced: 0, reason: 'not-configured' };
    const now = this.clock();
    const quietEnd = quietUntil(now, this.settings.quietHours);
    if (quietEnd) return (await this.store.hasPending()) ? { announced: 0, deferredUntil: quietEnd, reason: 'quiet-hours' } : { announced: 0, reason: 'nothing-pending' };

    // The primary first; the backup when the primary is not set up, refuses or fails.
    const route: Array<{ provider: PhoneProvider; calledNumber: string }> = [];
    if (primary && this.clients.primary) route.push({ provider: 'aliyun', calledNumber: primary.calledNumber });
    if (backup && this.clients.backup) route.push({ provider: 'twilio', calledNumber: backup.calledNumber });

    let lastError: VoiceCallError | null = null;
    for (const [index, { provider, calledNumber }] of route.entries()) {
      const allowedAt = nextCallAllowedAt(await this.store.placedCallTimes(calledNumber, new Date(now.getTime() - LONGEST_LIMIT_WINDOW_MS)), now);
      if (allowedAt) {
        // The primary's limit is not a failure: wait for it rather than ring the backup.
        if (index === 0 || !lastError) return (await this.store.hasPending()) ? { announced: 0, deferredUntil: allowedAt, reason: 'limit' } : { announced: 0, reason: 'nothing-pending' };
        continue;
      }
      const claim = await this.store.claimPending({
        provider,
        calledNumber,
        createdAt: this.clock(),
        triggerFor: (leads) => (leads === 1 ? NotificationCallTrigger.Lead : NotificationCallTrigger.Batch),
      });
      if (!claim) return { announced: 0, reason: 'nothing-pending' };
      const leads = claim.leads.map(summary);
      const params = announcementParams(leads);
      const text = announcementText(params);
      try {
        const placed =
          provider === 'aliyun' ? await this.clients.primary!.callByTts(calledNumber, params, claim.callId) : await this.clients.backup!.call(calledNumber, text);
        const seconds = speechSeconds(text, 2);
        await this.store.finishCall(claim.callId, { status: NotificationCallStatus.Placed, providerCallId: placed.providerCallId, durationSeconds: seconds, costEstimateFen: costEstimateFen(seconds) });
        return { announced: leads.length, provider, callId: claim.callId };
      } catch (error) {
        const failure =
          error instanceof VoiceCallError ? error : new VoiceCallError(provider, 'failed', 'UNEXPECTED', error instanceof Error ? error.message : String(error));
        await this.store.finishCall(claim.callId, failedCall(failure));
        // The provider's own limit (calls it counted that the log did not): try again in a minute, no fallback.
        if (failure.outcome === 'throttled' && index === 0) return { announced: 0, deferredUntil: new Date(now.getTime() + 60_000), reason: 'throttled' };
        lastError = failure;
      }
    }
    throw new AnnouncementFailedError(lastError ? `${lastError.provider} ${lastError.code}: ${lastError.message}` : 'no provider could place the call');
  }
}

/** A stored lead as the announcement names it: a message's subject in words, a registration's goal or major. */
function summary(lead: PendingLead): LeadSummary {
  return {
    kind: lead.kind,
    name: lead.name,
    phone: lead.phone,
    interest: lead.kind === LeadKind.Contact ? (CONTACT_SUBJECT_WORDS[lead.interest ?? ''] ?? '咨询') : (lead.interest ?? ''),
  };
}

/** The call log's record of a provider's refusal or failure. */
function failedCall(failure: VoiceCallError): CallOutcome {
  const status = failure.outcome === 'throttled' ? NotificationCallStatus.Throttled : failure.outcome === 'refused' ? NotificationCallStatus.Refused : NotificationCallStatus.Failed;
  return { status, errorCode: failure.code.slice(0, 64), error: failure.message };
}
