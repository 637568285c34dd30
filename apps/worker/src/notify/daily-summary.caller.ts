import { NotificationCallStatus, type PhoneProvider } from '@aipm/contracts';
import {
  costEstimateFen,
  dailySummaryText,
  type DailySummaryParams,
  LONGEST_LIMIT_WINDOW_MS,
  nextCallAllowedAt,
  type PhoneSettings,
  quietUntil,
  speechSeconds,
  VoiceCallError,
} from '@aipm/phone';
import type { DailySummaryCounts, DailySummaryStore } from './daily-summary.repository';
import { AnnouncementFailedError, type VoiceClients } from './lead-announcer';
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
    private readonly calls: Pick<LeadNotificationStore, 'withDispatchLock' | 'placedCallTimes' | 'finishCall'>,
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
    const { primary, backup } = this.settings;
    const usePrimary = Boolean(primary && this.clients.primary && summary.ttsCode);
    const useBackup = Boolean(backup && this.clients.backup);
    if (!usePrimary && !useBackup) return { called: false, reason: 'not-configured' };
    const now = this.clock();
    const today = shanghaiDay(now);
    if (await this.store.calledSince(today.start)) return { called: false, reason: 'already-called' };
    const counts = await this.store.counts(today.end);
    if (counts.due === 0 && counts.waiting === 0) return { called: false, reason: 'nothing-due', counts };
    const quietEnd = quietUntil(now, this.settings.quietHours);
    if (quietEnd) return { called: false, reason: 'quiet-hours', deferredUntil: quietEnd };

    const route: Array<{ provider: PhoneProvider; calledNumber: string }> = [];
    if (usePrimary) route.push({ provider: 'aliyun', calledNumber: primary!.calledNumber });
    if (useBackup) route.push({ provider: 'twilio', calledNumber: backup!.calledNumber });
    const params: DailySummaryParams = { due: String(counts.due), waiting: String(counts.waiting) };
    const text = dailySummaryText(params);

    let lastError: VoiceCallError | null = null;
    for (const [index, { provider, calledNumber }] of route.entries()) {
      const allowedAt = nextCallAllowedAt(await this.calls.placedCallTimes(calledNumber, new Date(now.getTime() - LONGEST_LIMIT_WINDOW_MS)), now);
      if (allowedAt) {
        if (index === 0 || !lastError) return { called: false, reason: 'limit', deferredUntil: allowedAt };
        continue;
      }
      const callId = await this.store.startCall({ provider, calledNumber, createdAt: this.clock() });
      try {
        const placed =
          provider === 'aliyun'
            ? await this.clients.primary!.callByTts(calledNumber, params, callId, summary.ttsCode)
            : await this.clients.backup!.call(calledNumber, text);
        const seconds = speechSeconds(text, 2);
        await this.calls.finishCall(callId, { status: NotificationCallStatus.Placed, providerCallId: placed.providerCallId, durationSeconds: seconds, costEstimateFen: costEstimateFen(seconds) });
        return { called: true, provider, callId, counts };
      } catch (error) {
        const failure = error instanceof VoiceCallError ? error : new VoiceCallError(provider, 'failed', 'UNEXPECTED', error instanceof Error ? error.message : String(error));
        const status = failure.outcome === 'throttled' ? NotificationCallStatus.Throttled : failure.outcome === 'refused' ? NotificationCallStatus.Refused : NotificationCallStatus.Failed;
        await this.calls.finishCall(callId, { status, errorCode: failure.code.slice(0, 64), error: failure.message });
        if (failure.outcome === 'throttled' && index === 0) return { called: false, reason: 'throttled', deferredUntil: new Date(now.getTime() + 60_000) };
        lastError = failure;
      }
    }
    throw new AnnouncementFailedError(lastError ? `${lastError.provider} ${lastError.code}: ${lastError.message}` : 'no provider could place the summary');
  }
}
