import { CRAWL_SITE_NAMES, NotificationCallTrigger, type PhoneProvider } from '@aipm/contracts';
import { crawlerCheckText, type CrawlerCheckParams, type PhoneSettings, quietUntil } from '@aipm/phone';
import type { CrawlerCheckJobData } from '@aipm/queue';
import { callRoute, placeOnRoute, type VoiceClients } from './call-route';
import type { CrawlerCheckStore } from './crawler-check.repository';
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
    private readonly calls: Pick<LeadNotificationStore, 'withDispatchLock' | 'placedCallTimes' | 'startCall' | 'finishCall'>,
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
    // The primary speaks this call only with its own template.
    const route = callRoute(this.settings, this.clients, { primary: Boolean(setting.ttsCode) });
    if (route.length === 0) return { called: false, reason: 'not-configured' };
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

    const params: CrawlerCheckParams = { site: CRAWL_SITE_NAMES[wait.site], minutes: String(minutes) };
    const text = crawlerCheckText(params);
    const result = await placeOnRoute({
      route,
      now,
      calls: this.calls,
      clients: this.clients,
      ttsCode: setting.ttsCode,
      start: async (line) => ({ callId: await this.calls.startCall({ ...line, trigger: NotificationCallTrigger.CrawlerCheck, createdAt: this.clock() }), params, text }),
      what: 'the crawler check call',
    });
    return result.placed ? { called: true, provider: result.provider, callId: result.call.callId, minutes } : putOff(result.reason, result.until);
  }
}
