import { CRAWL_SITE_NAMES, NotificationCallStatus, type PhoneProvider } from '@aipm/contracts';
import {
  costEstimateFen,
  crawlerCheckText,
  type CrawlerCheckParams,
  LONGEST_LIMIT_WINDOW_MS,
  nextCallAllowedAt,
  type PhoneSettings,
  quietUntil,
  speechSeconds,
  VoiceCallError,
} from '@aipm/phone';
import type { CrawlerCheckJobData } from '@aipm/queue';
import type { CrawlerCheckStore } from './crawler-check.repository';
import { AnnouncementFailedError, type VoiceClients } from './lead-announcer';
import type { LeadNotificationStore } from './lead-notification.repository';

type PutOffBy = 'quiet-hours' | 'limit' | 'throttled';

export type CrawlerCheckCallResult =
  | { called: true; provider: PhoneProvider; callId: string; minutes: number }
  | { called: false; reason: 'off' | 'settled' | 'not-configured' }
  /** Put off to a moment that still leaves the operator time: the job is added again for then. */
  | { called: false; reason: PutOffBy; deferredUntil: Date }
  /** The wait ends (or has less than a minute left) before a call is allowed: a call then would come too late. */
  | { called: false; reason: 'too-late'; putOffBy?: PutOffBy };

const MINUTE_MS = 60_000;

/**
 * The call when a site of a running crawl waits for a human check (docs/product/phone.md#crawler-check-call): when
 * the setting is on, one call says which site waits and how many minutes are left before it is skipped. It goes the
 * new-lead call's way: under the same dispatch lock, never in quiet hours, within the per-number limits (it counts
 * towards them), the primary with its own template, else the backup speaking the same sentence. Unlike the other
 * calls it expires: nothing is called once the site no longer waits, and a call put off past the wait is dropped.
 */
export class CrawlerCheckCaller {
  constructor(
    private readonly store: CrawlerCheckStore,
    private readonly calls: Pick<LeadNotificationStore, 'withDispatchLock' | 'placedCallTimes' | 'finishCall'>,
    private readonly settings: PhoneSettings,
    private readonly clients: VoiceClients,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  call(wait: CrawlerCheckJobData): Promise<CrawlerCheckCallResult> {
    return this.calls.withDispatchLock(() => this.callLocked(wait));
  }

  private async callLocked(wait: CrawlerCheckJobData): Promise<CrawlerCheckCallResult> {
    const setting = await this.store.settings();
    if (!setting.enabled) return { called: false, reason: 'off' };
    const { primary, backup } = this.settings;
    const usePrimary = Boolean(primary && this.clients.primary && setting.ttsCode);
    const useBackup = Boolean(backup && this.clients.backup);
    if (!usePrimary && !useBackup) return { called: false, reason: 'not-configured' };
    if (!(await this.store.stillWaiting(wait))) return { called: false, reason: 'settled' };
    const until = new Date(wait.until);
    // Whole minutes left at `at`: what the call says, and whether calling then is still of use.
    const minutesLeft = (at: Date) => Math.floor((until.getTime() - at.getTime()) / MINUTE_MS);
    const putOff = (reason: PutOffBy, at: Date): CrawlerCheckCallResult =>
      minutesLeft(at) >= 1 ? { called: false, reason, deferredUntil: at } : { called: false, reason: 'too-late', putOffBy: reason };

    const now = this.clock();
    const minutes = minutesLeft(now);
    if (minutes < 1) return { called: false, reason: 'too-late' };
    const quietEnd = quietUntil(now, this.settings.quietHours);
    if (quietEnd) return putOff('quiet-hours', quietEnd);

    const route: Array<{ provider: PhoneProvider; calledNumber: string }> = [];
    if (usePrimary) route.push({ provider: 'aliyun', calledNumber: primary!.calledNumber });
    if (useBackup) route.push({ provider: 'twilio', calledNumber: backup!.calledNumber });
    const params: CrawlerCheckParams = { site: CRAWL_SITE_NAMES[wait.site], minutes: String(minutes) };
    const text = crawlerCheckText(params);

    let lastError: VoiceCallError | null = null;
    for (const [index, { provider, calledNumber }] of route.entries()) {
      const allowedAt = nextCallAllowedAt(await this.calls.placedCallTimes(calledNumber, new Date(now.getTime() - LONGEST_LIMIT_WINDOW_MS)), now);
      if (allowedAt) {
        // The primary's limit is not a failure: wait for it rather than ring the backup.
        if (index === 0 || !lastError) return putOff('limit', allowedAt);
        continue;
      }
      const callId = await this.store.startCall({ provider, calledNumber, createdAt: this.clock() });
      try {
        const placed =
          provider === 'aliyun'
            ? await this.clients.primary!.callByTts(calledNumber, params, callId, setting.ttsCode)
            : await this.clients.backup!.call(calledNumber, text);
        const seconds = speechSeconds(text, 2);
        await this.calls.finishCall(callId, { status: NotificationCallStatus.Placed, providerCallId: placed.providerCallId, durationSeconds: seconds, costEstimateFen: costEstimateFen(seconds) });
        return { called: true, provider, callId, minutes };
      } catch (error) {
        const failure = error instanceof VoiceCallError ? error : new VoiceCallError(provider, 'failed', 'UNEXPECTED', error instanceof Error ? error.message : String(error));
        const status = failure.outcome === 'throttled' ? NotificationCallStatus.Throttled : failure.outcome === 'refused' ? NotificationCallStatus.Refused : NotificationCallStatus.Failed;
        await this.calls.finishCall(callId, { status, errorCode: failure.code.slice(0, 64), error: failure.message });
        if (failure.outcome === 'throttled' && index === 0) return putOff('throttled', new Date(now.getTime() + MINUTE_MS));
        lastError = failure;
      }
    }
    throw new AnnouncementFailedError(lastError ? `${lastError.provider} ${lastError.code}: ${lastError.message}` : 'no provider could place the crawler check call');
  }
}
