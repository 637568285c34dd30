import { PhoneProvider } from '@aipm/contracts';
import type twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { type PlacedCall, type ProviderCallDetail, VoiceCallError } from './voice-call.error';

// A call in one of these has ended; queued, ringing and in-progress have not.
const FINAL_STATUSES = new Set(['completed', 'busy', 'failed', 'no-answer', 'canceled']);

export interface TwilioVoiceSettings {
  accountSid: string;
  authToken: string;
  fromNumber: string;
  /** https://api.twilio.com; tests: a local stand-in (tools/fake-twilio). */
  apiBase: string;
}

const TWILIO_ORIGIN = /^https:\/\/[a-z0-9.-]+\.twilio\.com/;

/**
 * The official client, loaded with the first call: its SDK (and axios) weigh about 30 MB in a process that most days
 * places no call (the worker's memory budget, docs/decisions/064-adaptive-pacing.md). Requests go through the
 * client's documented extension point (a custom httpClient, twilio-node advanced-examples/custom-http-client.md):
 * they keep their path, basic auth and form body and go to `apiBase` instead of Twilio's host. With the default base
 * nothing is rewritten.
 */
async function officialClient(settings: TwilioVoiceSettings, timeoutMs: number): Promise<twilio.Twilio> {
  const { default: sdk } = await import('twilio');
  const apiBase = settings.apiBase.replace(/\/$/, '');
  class BaseUrlRequestClient extends sdk.RequestClient {
    override request<TData>(opts: RequestClient.RequestOptions<TData>) {
      return super.request({ ...opts, uri: opts.uri.replace(TWILIO_ORIGIN, apiBase) });
    }
  }
  return sdk(settings.accountSid, settings.authToken, { httpClient: new BaseUrlRequestClient({ timeout: timeoutMs }) });
}

/** Twilio Programmable Voice (backup provider): it cannot ring mainland-China numbers, so it rings the backup number. */
export class TwilioVoiceClient {
  private client: Promise<twilio.Twilio> | undefined;

  constructor(
    private readonly settings: TwilioVoiceSettings,
    private readonly timeoutMs = 10_000,
  ) {}

  private official(): Promise<twilio.Twilio> {
    return (this.client ??= officialClient(this.settings, this.timeoutMs));
  }

  /** Calls `to` (E.164 or sip:) and reads `text` in Mandarin, twice. */
  async call(to: string, text: string): Promise<PlacedCall> {
    const say = `<Say language="cmn-CN">${escapeXml(text)}</Say>`;
    try {
      const call = await (await this.official()).calls.create({ to, from: this.settings.fromNumber, twiml: `<Response>${say}<Pause length="1"/>${say}</Response>` });
      return { providerCallId: call.sid };
    } catch (error) {
      throw classify(error as Error & { status?: number; code?: number | string });
    }
  }

  /** The call's record once it ended (GET …/Calls/{Sid}.json: status, duration, price), or null while it goes on. */
  async callDetail(sid: string): Promise<ProviderCallDetail | null> {
    try {
      const call = await (await this.official()).calls(sid).fetch();
      if (!FINAL_STATUSES.has(call.status)) return null;
      const answered = call.status === 'completed';
      const seconds = Number(call.duration ?? 0);
      return {
        state: call.status,
        answered,
        durationSeconds: answered && Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0,
        price: call.price ?? null,
        priceUnit: call.price ? (call.priceUnit ?? null) : null,
      };
    } catch (error) {
      throw classify(error as Error & { status?: number; code?: number | string });
    }
  }

  /** The connection test: fetches the account (checks the SID, the token and the address), places no call. */
  async checkConnection(): Promise<void> {
    try {
      await (await this.official()).api.v2010.accounts(this.settings.accountSid).fetch();
    } catch (error) {
      throw classify(error as Error & { status?: number; code?: number | string });
    }
  }
}

function classify(error: Error & { status?: number; code?: number | string }): VoiceCallError {
  if (typeof error.status === 'number') {
    const code = error.code === undefined ? `HTTP ${error.status}` : String(error.code);
    const outcome = error.status === 429 ? 'throttled' : error.status >= 500 ? 'failed' : 'refused';
    return new VoiceCallError(PhoneProvider.Twilio, outcome, code, `Twilio ${code}: ${error.message}`);
  }
  const timedOut = error.code === 'ECONNABORTED' || /timeout/i.test(error.message);
  const reason = typeof error.code === 'string' ? error.code : error.name;
  return new VoiceCallError(PhoneProvider.Twilio, 'failed', timedOut ? 'TIMEOUT' : 'NETWORK', timedOut ? 'Twilio 未在时限内应答' : `无法连接 Twilio（${reason}）`);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}
