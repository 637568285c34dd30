import { NotificationCallTrigger, type PhoneProvider } from '@aipm/contracts';
import { dailySummaryText, type DailySummaryParams, type PhoneSettings, quietUntil } from '@aipm/phone';
import { callRoute, placeOnRoute, type VoiceClients } from './call-route';
import type { DailySummaryCounts, DailySummaryStore } from './daily-summary.repository';
import type { LeadNotificationStore } from './lead-notification.repository';

export type DailySummaryResult =
  | { called: true; provider: PhoneProvider; callId: string; counts: DailySummaryCounts }
  | { called: false; reason: 'off' | 'not-the-time' | 'already-called' | 'nothing-due' | 'not-configured'; counts?: DailySummaryCounts }
  | { called: false; reason: 'quiet-hours' | 'limit' | 'throttled'; deferredUntil: Date };

/** Asia/Shanghai has kept UTC+8 without daylight saving since 1991, so its days are fixed offsets of UTC. */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The start of the Shanghai day of `instant`, and the Shanghai clock (HH:mm) at `instant`. */
export function shanghaiDay(instant: Date): { start: Date; end: Date; clock: string } {
  const local = instant.getTime() + SHANGHAI_OFFSET_MS;
  const start = Math.floor(local / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;
  const minutes = Math.floor((local % DAY_MS) / 60_000);
  const clock = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { start: new Date(start), end: new Date(start + DAY_MS), clock };
}

/**
 * The daily summary call (docs/product/phone.md#daily-summary-call): when the setting is on, once a day at its time,
 * one call says how many follow-ups are due or overdue and how many new leads wait for a first contact. It goes the
 * new-lead call's way: under the same dispatch lock, never in quiet hours, within the per-number limits (it counts
 * towards them), the primary with the summary's own template, else the backup speaking the same sentence. Nothing
 * is called when both figures are 0, and at most one summary is placed a day.
 */
export class DailySummaryCaller {
  constructor(
    private readonly store: DailySummaryStore,
    private readonly calls: Pick<LeadNotificationStore, 'withDispatchLock' | 'placedCallTimes' | 'startCall' | 'finishCall'>,
    private readonly settings: PhoneSettings,
    private readonly clients: VoiceClients,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The minute's check: calls when the Shanghai clock shows the set time (a missed minute is a missed day). */
  async tick(): Promise<DailySummaryResult> {
    const settings = await this.store.settings();
    if (!settings.enabled) return { called: false, reason: 'off' };
    if (shanghaiDay(this.clock()).clock !== settings.time) return { called: false, reason: 'not-the-time' };
    return this.call();
  }

  /** Places today's summary now, unless it is off, placed already, or there is nothing to say (a deferred tick runs this). */
  call(): Promise<DailySummaryResult> {
    return this.calls.withDispatchLock(() => this.callLocked());
  }

  private async callLocked(): Promise<DailySummaryResult> {
    const summary = await this.store.settings();
    if (!summary.enabled) return { called: false, reason: 'off' };
    // The primary speaks the summary only with its own template.
    const route = callRoute(this.settings, this.clients, { primary: Boolean(summary.ttsCode) });
    if (route.length === 0) return { called: false, reason: 'not-configured' };
    const now = this.clock();
    const today = shanghaiDay(now);
    if (await this.store.calledSince(today.start)) return { called: false, reason: 'already-called' };
    const counts = await this.store.counts(today.end);
    if (counts.due === 0 && counts.waiting === 0) return { called: false, reason: 'nothing-due', counts };
    const quietEnd = quietUntil(now, this.settings.quietHours);
    if (quietEnd) return { called: false, reason: 'quiet-hours', deferredUntil: quietEnd };

    const params: DailySummaryParams = { due: String(counts.due), waiting: String(counts.waiting) };
    const text = dailySummaryText(params);
    const result = await placeOnRoute({
      route,
      now,
      calls: this.calls,
      clients: this.clients,
      ttsCode: summary.ttsCode,
      start: async (line) => ({ callId: await this.calls.startCall({ ...line, trigger: NotificationCallTrigger.Summary, createdAt: this.clock() }), params, text }),
      what: 'the summary',
    });
    return result.placed ? { called: true, provider: result.provider, callId: result.call.callId, counts } : { called: false, reason: result.reason, deferredUntil: result.until };
  }
}
