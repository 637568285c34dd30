// A local stand-in of Twilio's REST API (api.twilio.com, 2010-04-01) for the two calls the backup provider
// makes, with their real request and response shapes, so the official `twilio` package is tested against it
// (TWILIO_API_BASE; the client reaches it through a custom httpClient, see libs/server/phone):
//   POST /2010-04-01/Accounts/{AccountSid}/Calls.json   form: To, From, Twiml (or Url)  → 201 call resource
//   GET  /2010-04-01/Accounts/{AccountSid}.json                                          → 200 account resource
//   GET  /2010-04-01/Accounts/{AccountSid}/Calls/{CallSid}.json                          → 200 call resource: status
//        in-progress until `callEndsAfterMs` has passed, then completed with duration and price (per started
//        minute at `pricePerMinute` USD, negative as Twilio writes it)
// Both require HTTP basic auth AccountSid:AuthToken (401, code 20003, as Twilio answers). To must be E.164 or
// a sip: address and From one of the account's numbers; mainland-China numbers (+86) are refused with 21215
// (geographic permission), as Twilio does. A test can queue errors and delays.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { URLSearchParams } from 'node:url';

export const TWILIO_CODES = { authenticate: 20003, notFound: 20404, invalidTo: 21211, invalidFrom: 21212, geoPermission: 21215, twimlMissing: 21205 };

const sid = (prefix) => `${prefix}${randomBytes(16).toString('hex')}`;

/**
 * @param {{ accountSid: string, authToken: string, fromNumbers?: string[], port?: number, callSeconds?: number,
 *   callEndsAfterMs?: number, pricePerMinute?: number }} options
 * callSeconds: how long each placed call is answered for; callEndsAfterMs: when it is completed.
 */
export async function startFakeTwilioApi({ accountSid, authToken, fromNumbers = [], port = 0, callSeconds = 31, callEndsAfterMs = 0, pricePerMinute = 0.013 }) {
  const calls = [];
  const requests = [];
  /** Per endpoint ('calls' | 'account' | 'call'): answers to give next: { status, code, message } or { delayMs }. */
  const queued = { calls: [], account: [], call: [] };

  const send = (response, status, body) => {
    response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  const fail = (response, status, code, message) =>
    send(response, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

  const readBody = (request) =>
    new Promise((resolve, reject) => {
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      request.on('error', reject);
    });

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/__health') return send(response, 200, { ok: true });
    if (url.pathname === '/__state') return send(response, 200, { calls });
    const body = await readBody(request);
    const form = Object.fromEntries(new URLSearchParams(body));
    requests.push({ method: request.method, path: url.pathname, form, authorization: request.headers.authorization ?? null });

    const accountPath = `/2010-04-01/Accounts/${accountSid}`;
    const callSid = new RegExp(`^${accountPath}/Calls/(CA[0-9a-f]{32})\\.json$`).exec(url.pathname)?.[1];
    const endpoint = url.pathname === `${accountPath}/Calls.json` ? 'calls' : url.pathname === `${accountPath}.json` ? 'account' : callSid ? 'call' : null;
    const next = endpoint ? queued[endpoint].shift() : undefined;
    if (next?.delayMs) await new Promise((resolve) => setTimeout(resolve, next.delayMs));

    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return fail(response, 401, TWILIO_CODES.authenticate, 'Authenticate');
    if (!endpoint) return fail(response, 404, TWILIO_CODES.notFound, `The requested resource ${url.pathname} was not found`);
    if (next?.status) return fail(response, next.status, next.code ?? 20500, next.message ?? 'Internal Server Error');

    if (endpoint === 'account' && request.method === 'GET') {
      return send(response, 200, { sid: accountSid, friendly_name: 'Stand-in account', status: 'active', type: 'Full', date_created: new Date().toUTCString(), uri: `${accountPath}.json` });
    }
    if (endpoint === 'call' && request.method === 'GET') {
      const call = calls.find((candidate) => candidate.sid === callSid);
      if (!call) return fail(response, 404, TWILIO_CODES.notFound, `The requested resource ${url.pathname} was not found`);
      return send(response, 200, callResource(call));
    }
    if (endpoint === 'calls' && request.method === 'POST') {
      const { To: to, From: from, Twiml: twiml, Url: twimlUrl } = form;
      if (!to || !(/^\+[1-9]\d{6,14}$/.test(to) || /^sip:[^@\s]+@[^\s]+$/.test(to))) return fail(response, 400, TWILIO_CODES.invalidTo, `The 'To' number ${to ?? ''} is not a valid phone number.`);
      if (to.startsWith('+86')) return fail(response, 400, TWILIO_CODES.geoPermission, `Account not allowed to call ${to}`);
      if (!from || !fromNumbers.includes(from)) return fail(response, 400, TWILIO_CODES.invalidFrom, `The 'From' number ${from ?? ''} is not a valid phone number, shortcode, or alphanumeric sender ID.`);
      if (!twiml && !twimlUrl) return fail(response, 400, TWILIO_CODES.twimlMissing, 'Url parameter is required.');
      const callId = sid('CA');
      const call = {
        sid: callId,
        account_sid: accountSid,
        to,
        from,
        status: 'queued',
        direction: 'outbound-api',
        duration: null,
        price: null,
        date_created: new Date().toUTCString(),
        uri: `${accountPath}/Calls/${callId}.json`,
      };
      calls.push({ ...call, twiml: twiml ?? null, createdAt: Date.now() });
      return send(response, 201, call);
    }
    return fail(response, 405, 20004, 'Method not allowed');
  });

  /** The call resource as Twilio answers it now: in progress, then completed with its duration and price. */
  function callResource({ twiml: _twiml, createdAt, ...call }) {
    if (Date.now() < createdAt + callEndsAfterMs) return { ...call, status: 'in-progress', start_time: new Date(createdAt + 2_000).toUTCString() };
    return {
      ...call,
      status: 'completed',
      start_time: new Date(createdAt + 2_000).toUTCString(),
      end_time: new Date(createdAt + 2_000 + callSeconds * 1000).toUTCString(),
      duration: String(callSeconds),
      price: (-Math.ceil(callSeconds / 60) * pricePerMinute).toFixed(5),
      price_unit: 'USD',
    };
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: boundPort } = server.address();

  return {
    url: `http://127.0.0.1:${boundPort}`,
    calls,
    requests,
    /** The next `times` requests of `endpoint` ('calls' | 'account') answer HTTP `status` with Twilio error `code`. */
    failNext(endpoint, status, code, { times = 1, message } = {}) {
      for (let index = 0; index < times; index++) queued[endpoint].push({ status, code, message });
    },
    delayNext(endpoint, ms) {
      queued[endpoint].push({ delayMs: ms });
    },
    reset() {
      calls.length = 0;
      requests.length = 0;
      for (const list of Object.values(queued)) list.length = 0;
    },
    close() {
      server.closeAllConnections?.();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
