import { LeadKind, NotificationCallTrigger, type PhoneProvider } from '@aipm/contracts';
import { announcementParams, announcementText, type LeadSummary, type PhoneSettings, quietUntil } from '@aipm/phone';
import { callRoute, placeOnRoute, type VoiceClients } from './call-route';
import type { LeadNotificationStore, PendingLead } from './lead-notification.repository';

const CONTACT_SUBJECT_WORDS: Record<string, string> = { course: '课程咨询', pricing: '费用咨询', enterprise: '企业合作', technical: '技术问题', other: '其他' };

export type DispatchResult =
  | { announced: number; provider: PhoneProvider; callId: string }
  | { announced: 0; deferredUntil: Date; reason: 'quiet-hours' | 'limit' | 'throttled' }
  | { announced: 0; reason: 'nothing-pending' | 'not-configured' };

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

    const result = await placeOnRoute({
      route: callRoute(this.settings, this.clients),
      now,
      calls: this.store,
      clients: this.clients,
      start: async ({ provider, calledNumber }) => {
        const claim = await this.store.claimPending({
          provider,
          calledNumber,
          createdAt: this.clock(),
          triggerFor: (leads) => (leads === 1 ? NotificationCallTrigger.Lead : NotificationCallTrigger.Batch),
        });
        if (!claim) return null;
        const leads = claim.leads.map(summary);
        const params = announcementParams(leads);
        return { callId: claim.callId, params, text: announcementText(params), announced: leads.length };
      },
      what: 'the call',
    });
    if (result.placed) return { announced: result.call.announced, provider: result.provider, callId: result.call.callId };
    if (result.reason === 'nothing-to-call') return { announced: 0, reason: 'nothing-pending' };
    if (result.reason === 'throttled') return { announced: 0, deferredUntil: result.until, reason: 'throttled' };
    // A limit puts off only a call that has leads to announce.
    return (await this.store.hasPending()) ? { announced: 0, deferredUntil: result.until, reason: 'limit' } : { announced: 0, reason: 'nothing-pending' };
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
