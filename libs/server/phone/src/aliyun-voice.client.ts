import { PhoneProvider } from '@aipm/contracts';
import type RPCClient from '@alicloud/pop-core';
import type { AnnouncementParams, CrawlerCheckParams, DailySummaryParams } from './announcement';
import { type PlacedCall, type ProviderCallDetail, VoiceCallError } from './voice-call.error';

export interface AliyunVoiceSettings {
  accessKeyId: string;
  accessKeySecret: string;
  /** https://dyvmsapi.aliyuncs.com; tests: a local stand-in (tools/fake-aliyun). */
  endpoint: string;
  ttsCode: string;
  /** Caller number of the dedicated mode; undefined in the public mode. */
  showNumber?: string;
}

/** Voice notification (语音通知), the product id QueryCallDetailByCallId asks for. */
const VOICE_NOTIFICATION_PROD_ID = '11000000300006';
const THROTTLED = 'isv.BUSINESS_LIMIT_CONTROL';
// Codes of a call the service will not take whatever is retried: wrong key, signature, template, number.
const AUTH_CODES = /^(InvalidAccessKeyId|SignatureDoesNotMatch|Forbidden|InvalidTimeStamp|SignatureNonceUsed|MissingParameter)/;

interface RpcAnswer {
  Code?: string;
  Message?: string;
  RequestId?: string;
  CallId?: string;
  /** QueryCallDetailByCallId: the call's record as a JSON string, null until the service has it. */
  Data?: string | null;
}

/** QueryCallDetailByCallId's Data (voice notification): state "200000" is 用户接听, duration in seconds. */
interface AliyunCallRecord {
  state?: string;
  stateDesc?: string;
  duration?: number | string;
  startDate?: string;
  endDate?: string;
}

const ANSWERED_STATE = '200000';

interface RpcFailure {
  code?: string;
  data?: RpcAnswer;
  name?: string;
}

/**
 * Alibaba Cloud voice notification (Dyvmsapi 2017-05-25) through its official signed RPC client,
 * @alicloud/pop-core (ADR 021): POST with the parameters in the body, so no signed URL exists to leak
 * into a log. The client's own error message carries the URL; this class never passes it on.
 */
export class AliyunVoiceClient {
  private client: Promise<RPCClient> | undefined;

  constructor(
    private readonly settings: AliyunVoiceSettings,
    private readonly timeoutMs = 10_000,
  ) {}

  /** Loaded with the first request: the SDK weighs about 19 MB in a process that most days places no call. */
  private rpc(): Promise<RPCClient> {
    return (this.client ??= import('@alicloud/pop-core').then(
      ({ default: Client }) =>
        new Client({
          accessKeyId: this.settings.accessKeyId,
          accessKeySecret: this.settings.accessKeySecret,
          endpoint: this.settings.endpoint,
          apiVersion: '2017-05-25',
        }),
    ));
  }

  /** SingleCallByTts: reads the template with `params` to `calledNumber`, twice. */
  /** `ttsCode`: another registered template than the new-lead one (the daily summary's, the crawler check's), with its own variables. */
  async callByTts(calledNumber: string, params: AnnouncementParams | DailySummaryParams | CrawlerCheckParams, outId?: string, ttsCode = this.settings.ttsCode): Promise<PlacedCall> {
    const answer = await this.request('SingleCallByTts', {
      CalledNumber: calledNumber,
      TtsCode: ttsCode,
      TtsParam: JSON.stringify(params),
      PlayTimes: 2,
      ...(this.settings.showNumber && { CalledShowNumber: this.settings.showNumber }),
      ...(outId && { OutId: outId }),
    });
    if (!answer.CallId) throw new VoiceCallError(PhoneProvider.Aliyun, 'failed', 'NO_CALL_ID', '阿里云未返回呼叫ID');
    return { providerCallId: answer.CallId };
  }

  /**
   * The connection test: a signed read (QueryCallDetailByCallId of a call that does not exist) that checks
   * the endpoint, the AccessKey and its permission without placing a call.
   */
  async checkConnection(): Promise<void> {
    await this.request('QueryCallDetailByCallId', {
      CallId: '0^0',
      ProdId: VOICE_NOTIFICATION_PROD_ID,
      QueryDate: Date.now(),
    });
  }

  /**
   * The call's record once it ended (QueryCallDetailByCallId with the voice notification product id and the
   * day it was placed, in ms), or null while the service has no final record yet (Data null, or no state).
   */
  async callDetail(callId: string, placedAt: Date): Promise<ProviderCallDetail | null> {
    const answer = await this.request('QueryCallDetailByCallId', { CallId: callId, ProdId: VOICE_NOTIFICATION_PROD_ID, QueryDate: placedAt.getTime() });
    if (!answer.Data) return null;
    let record: AliyunCallRecord;
    try {
      record = JSON.parse(answer.Data) as AliyunCallRecord;
    } catch {
      throw new VoiceCallError(PhoneProvider.Aliyun, 'failed', 'BAD_CALL_DETAIL', '阿里云返回的呼叫详情无法解析');
    }
    if (!record.state) return null;
    const answered = record.state === ANSWERED_STATE;
    const seconds = Number(record.duration ?? 0);
    return { state: record.state, answered, durationSeconds: answered && Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0, price: null, priceUnit: null };
  }

  private async request(action: string, params: Record<string, string | number>): Promise<RpcAnswer> {
    try {
      return await (await this.rpc()).request<RpcAnswer>(action, params, { method: 'POST', timeout: this.timeoutMs, formatParams: false });
    } catch (error) {
      throw classify(error as RpcFailure & Error);
    }
  }
}

function classify(error: RpcFailure & Error): VoiceCallError {
  const code = error.code ?? error.data?.Code;
  if (typeof code === 'string' && code !== '') {
    const message = `${code}: ${error.data?.Message ?? ''}`.trim();
    if (code === THROTTLED) return new VoiceCallError(PhoneProvider.Aliyun, 'throttled', code, message);
    if (code.startsWith('isp.') || /^(ServiceUnavailable|InternalError|Throttling)/.test(code)) {
      return new VoiceCallError(PhoneProvider.Aliyun, 'failed', code, message);
    }
    return new VoiceCallError(PhoneProvider.Aliyun, AUTH_CODES.test(code) || code.startsWith('isv.') ? 'refused' : 'failed', code, message);
  }
  // httpx names its timeouts RequestTimeoutError / ReadTimeoutError; anything else is the network.
  const timedOut = /Timeout/i.test(error.name ?? '') || /timeout/i.test(error.message ?? '');
  return new VoiceCallError(PhoneProvider.Aliyun, 'failed', timedOut ? 'TIMEOUT' : 'NETWORK', timedOut ? '阿里云语音服务未在时限内应答' : `无法连接阿里云语音服务（${safeNetworkReason(error)}）`);
}

/** A network error's code (ECONNREFUSED …) without the URL some messages include. */
function safeNetworkReason(error: Error & { code?: unknown }): string {
  return typeof error.code === 'string' ? error.code : error.name || 'network error';
}
