/** WeChat's answer codes that the client acts on (全局返回码说明). */
export const WECHAT_ERRCODES = {
  /** Invalid credential: the access token is invalid or not the latest (or, at /cgi-bin/token, a wrong secret). */
  invalidCredential: 40001,
  /** The access token has expired. */
  accessTokenExpired: 42001,
  /** The daily quota of the call is used up. */
  quotaReached: 45009,
} as const;

/** A value WeChat hands out with its lifetime in seconds (access token, jsapi ticket). */
export interface ExpiringValue {
  value: string;
  expiresInSeconds: number;
}

/** WeChat answered with an error code (its HTTP status is 200 even then) or did not answer usably. */
export class WechatApiCallError extends Error {
  constructor(
    readonly call: 'token' | 'ticket',
    readonly errcode: number | null,
    message: string,
  ) {
    super(`WeChat ${call}: ${errcode === null ? '' : `errcode ${errcode}, `}${message}`);
    this.name = WechatApiCallError.name;
  }

  /** The token given was invalid or expired: a fresh token and one retry may succeed. */
  get tokenRejected(): boolean {
    return this.errcode === WECHAT_ERRCODES.invalidCredential || this.errcode === WECHAT_ERRCODES.accessTokenExpired;
  }
}

const CALL_TIMEOUT_MS = 5000;

/**
 * The two calls of WeChat's server API that JS-SDK signing needs, over HTTPS with their real request and
 * response shapes (tests point `apiBase` at a local stand-in). No caching here: see WechatTicketStore.
 */
export class WechatApiClient {
  constructor(
    private readonly apiBase: string,
    private readonly appId: string,
    private readonly appSecret: string,
  ) {}

  /** GET /cgi-bin/token?grant_type=client_credential&appid=…&secret=… → { access_token, expires_in }. */
  async accessToken(): Promise<ExpiringValue> {
    const url = new URL('/cgi-bin/token', this.apiBase);
    url.search = new URLSearchParams({ grant_type: 'client_credential', appid: this.appId, secret: this.appSecret }).toString();
    const body = await this.get('token', url);
    return expiring('token', body, body['access_token']);
  }

  /** GET /cgi-bin/ticket/getticket?access_token=…&type=jsapi → { errcode: 0, errmsg: 'ok', ticket, expires_in }. */
  async jsapiTicket(accessToken: string): Promise<ExpiringValue> {
    const url = new URL('/cgi-bin/ticket/getticket', this.apiBase);
    url.search = new URLSearchParams({ access_token: accessToken, type: 'jsapi' }).toString();
    const body = await this.get('ticket', url);
    return expiring('ticket', body, body['ticket']);
  }

  private async get(call: 'token' | 'ticket', url: URL): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    } catch (error) {
      throw new WechatApiCallError(call, null, `no answer (${error instanceof Error ? error.message : String(error)})`);
    }
    if (!response.ok) throw new WechatApiCallError(call, null, `HTTP ${response.status}`);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new WechatApiCallError(call, null, 'the answer is not JSON');
    }
    if (typeof body !== 'object' || body === null) throw new WechatApiCallError(call, null, 'the answer is not an object');
    const answer = body as Record<string, unknown>;
    const errcode = answer['errcode'];
    if (typeof errcode === 'number' && errcode !== 0) throw new WechatApiCallError(call, errcode, String(answer['errmsg'] ?? ''));
    return answer;
  }
}

function expiring(call: 'token' | 'ticket', body: Record<string, unknown>, value: unknown): ExpiringValue {
  const expiresIn = body['expires_in'];
  if (typeof value !== 'string' || value === '' || typeof expiresIn !== 'number' || expiresIn <= 0) {
    throw new WechatApiCallError(call, null, 'the answer has no value or lifetime');
  }
  return { value, expiresInSeconds: expiresIn };
}
