// A local stand-in of WeChat's server API (api.weixin.qq.com) for the two calls JS-SDK signing makes, with
// their real request and response shapes, so the API's real client is tested against it (WECHAT_API_BASE).
//   GET /cgi-bin/token?grant_type=client_credential&appid=…&secret=…   → { access_token, expires_in }
//   GET /cgi-bin/ticket/getticket?access_token=…&type=jsapi           → { errcode: 0, errmsg: 'ok', ticket, expires_in }
// Errors are answered as WeChat does: HTTP 200 with { errcode, errmsg }. It counts calls and can be told to
// answer quota (45009), invalid-token (40001) and expired-token (42001) errors.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

export const ERRCODES = { invalidCredential: 40001, invalidAppId: 40013, invalidSecret: 40125, accessTokenExpired: 42001, quotaReached: 45009 };

const ERRMSG = {
  40001: 'invalid credential, access_token is invalid or not latest',
  40013: 'invalid appid',
  40125: 'invalid appsecret',
  42001: 'access_token expired',
  45009: 'reach max api daily quota limit',
};

const LIFETIME_SECONDS = 7200;

/**
 * @param {{ appId: string, appSecret: string, port?: number, latencyMs?: number }} options
 * port 0 (default): a free port on 127.0.0.1.
 */
export async function startFakeWechatApi({ appId, appSecret, port = 0, latencyMs = 0 }) {
  const calls = { token: 0, ticket: 0 };
  /** token → 'valid' | 'expired' | 'invalid' */
  const tokens = new Map();
  const tickets = [];
  /** Errors to answer next, per call, in order. */
  const queued = { token: [], ticket: [] };
  const requests = [];

  const answer = (response, body) => {
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  const error = (response, errcode) => answer(response, { errcode, errmsg: `${ERRMSG[errcode] ?? 'error'} rid: ${randomBytes(4).toString('hex')}` });

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams) });
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    if (request.method !== 'GET') return answer(response, { errcode: 43001, errmsg: 'require GET method' });

    if (url.pathname === '/__health') return answer(response, { ok: true });
    // For a browser journey in another process: what was handed out, to check a signature end to end.
    if (url.pathname === '/__state') return answer(response, { calls, tickets });

    if (url.pathname === '/cgi-bin/token') {
      calls.token++;
      const queuedError = queued.token.shift();
      if (queuedError) return error(response, queuedError);
      if (url.searchParams.get('grant_type') !== 'client_credential') return answer(response, { errcode: 40002, errmsg: 'invalid grant_type' });
      if (url.searchParams.get('appid') !== appId) return error(response, ERRCODES.invalidAppId);
      if (url.searchParams.get('secret') !== appSecret) return error(response, ERRCODES.invalidSecret);
      const token = `TOKEN_${calls.token}_${randomBytes(24).toString('base64url')}`;
      tokens.set(token, 'valid');
      return answer(response, { access_token: token, expires_in: LIFETIME_SECONDS });
    }

    if (url.pathname === '/cgi-bin/ticket/getticket') {
      calls.ticket++;
      const queuedError = queued.ticket.shift();
      if (queuedError) return error(response, queuedError);
      const state = tokens.get(url.searchParams.get('access_token') ?? '');
      if (state === undefined || state === 'invalid') return error(response, ERRCODES.invalidCredential);
      if (state === 'expired') return error(response, ERRCODES.accessTokenExpired);
      if (url.searchParams.get('type') !== 'jsapi') return answer(response, { errcode: 40097, errmsg: 'invalid args' });
      const ticket = `TICKET_${calls.ticket}_${randomBytes(36).toString('base64url')}`;
      tickets.push(ticket);
      return answer(response, { errcode: 0, errmsg: 'ok', ticket, expires_in: LIFETIME_SECONDS });
    }

    response.writeHead(404, { 'Content-Type': 'text/plain' });
    response.end('not found');
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: boundPort } = server.address();

  return {
    url: `http://127.0.0.1:${boundPort}`,
    /** Calls answered so far, per endpoint (errors included). */
    calls,
    requests,
    /** Every ticket handed out, newest last. */
    tickets,
    /** The next `times` calls of `call` ('token' | 'ticket') answer `errcode`. */
    failNext(call, errcode, times = 1) {
      for (let index = 0; index < times; index++) queued[call].push(errcode);
    },
    /** Every token issued so far is now expired (42001 at the ticket call). */
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 'expired');
    },
    /** Every token issued so far is now invalid, as after a refresh elsewhere (40001 at the ticket call). */
    invalidateTokens() {
      for (const token of tokens.keys()) tokens.set(token, 'invalid');
    },
    reset() {
      calls.token = 0;
      calls.ticket = 0;
      requests.length = 0;
    },
    close() {
      server.closeAllConnections?.();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
