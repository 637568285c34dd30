// A local stand-in of Alibaba Cloud's voice service API (Dyvmsapi 2017-05-25, RPC style, dyvmsapi.aliyuncs.com)
// so the real client (@alicloud/pop-core) is tested against it through its `endpoint` option
// (ALIYUN_VOICE_ENDPOINT). It checks what the real service checks before answering:
//   - the common parameters (Format, Version, AccessKeyId, SignatureMethod HMAC-SHA1, SignatureVersion 1.0,
//     SignatureNonce never seen before, Timestamp within 15 minutes) and the signature: HMAC-SHA1 with
//     "<secret>&" over "<METHOD>&%2F&<percent-encoded, sorted, percent-encoded parameters>", base64;
//   - SingleCallByTts: CalledNumber, TtsCode (a template it knows), TtsParam (JSON with the template's
//     variables), CalledShowNumber (if given, one of the account's numbers), and the per-called-number limits
//     of the voice notification service (1 a minute, 5 an hour, 20 a day: isv.BUSINESS_LIMIT_CONTROL);
//   - QueryCallDetailByCallId: CallId, ProdId, QueryDate (the connection test calls it; it places no call; the
//     worker fetches a placed call's real duration with it). Data is the record as a JSON string, in the
//     documented shape ({ callee, caller, state: '200000', stateDesc: '用户接听', duration, startDate, endDate,
//     gmtCreate … }), and null until the call has ended (`callEndsAfterMs`) or for an unknown CallId.
// Answers have the service's shapes: { RequestId, Code: 'OK', Message: 'OK', CallId } or HTTP 200 with a
// business error code, HTTP 400/404 for signature and key errors. A test can queue errors and delays.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { URLSearchParams } from 'node:url';

export const ALIYUN_CODES = {
  ok: 'OK',
  throttled: 'isv.BUSINESS_LIMIT_CONTROL',
  invalidTemplate: 'isv.TTS_TEMPLATE_ILLEGAL',
  missingParameters: 'isv.TEMPLATE_MISSING_PARAMETERS',
  invalidNumber: 'isv.MOBILE_NUMBER_ILLEGAL',
  /**
   * A call in the service's no-call period (public mode: 12:00-14:00, 21:00-09:00). Its real code is not
   * published; the client treats every code but OK and the limit code alike (a refusal), so the name is moot.
   */
  outOfHours: 'isv.CALL_TIME_RESTRICTED',
  systemError: 'isp.SYSTEM_ERROR',
};

const MESSAGES = {
  'isv.BUSINESS_LIMIT_CONTROL': '触发流控',
  'isv.TTS_TEMPLATE_ILLEGAL': '文本转语音模板不合法',
  'isv.TEMPLATE_MISSING_PARAMETERS': '模板缺少变量',
  'isv.MOBILE_NUMBER_ILLEGAL': '号码格式不合法',
  'isv.CALL_TIME_RESTRICTED': '当前时段不允许外呼',
  'isp.SYSTEM_ERROR': '系统错误',
};

const LIMITS = [
  { windowMs: 60_000, max: 1 },
  { windowMs: 3_600_000, max: 5 },
  { windowMs: 86_400_000, max: 20 },
];

/** RFC 3986 percent-encoding as Alibaba Cloud's RPC signature defines it. */
export function percentEncode(value) {
  return encodeURIComponent(value).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function rpcSignature(method, parameters, secret) {
  const canonical = Object.keys(parameters)
    .filter((key) => key !== 'Signature')
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(parameters[key])}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

/**
 * @param {{ accessKeyId: string, accessKeySecret: string, templates?: Record<string, string[]>,
 *   showNumbers?: string[], port?: number, limits?: boolean }} options
 * templates: TtsCode → its variable names. limits: false turns the per-number limits off (a fuzz run).
 * callSeconds: how long each placed call is answered for; callEndsAfterMs: when its record appears.
 */
export async function startFakeAliyunVoice({ accessKeyId, accessKeySecret, templates = {}, showNumbers = [], port = 0, limits = true, callSeconds = 23, callEndsAfterMs = 0 }) {
  const calls = [];
  const requests = [];
  const nonces = new Set();
  /** Per action: answers to give next, in order: { code } or { status, code } or { delayMs } or { drop: true }. */
  const queued = { SingleCallByTts: [], QueryCallDetailByCallId: [] };
  const placedAt = new Map();
  let throttled = 0;

  const send = (response, status, body) => {
    response.writeHead(status, { 'Content-Type': 'application/json;charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  const fail = (response, status, code, message) =>
    send(response, status, { RequestId: randomUUID().toUpperCase(), HostId: 'dyvmsapi.aliyuncs.com', Code: code, Message: message ?? MESSAGES[code] ?? code, Recommend: 'https://api.aliyun.com/troubleshoot' });

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
    if (url.pathname === '/__state') return send(response, 200, { calls, throttled });

    const body = await readBody(request);
    const parameters = Object.fromEntries(url.searchParams);
    if (request.method === 'POST' && body) Object.assign(parameters, Object.fromEntries(new URLSearchParams(body)));
    const action = parameters.Action;
    requests.push({ method: request.method, action, parameters });

    const next = queued[action]?.shift();
    if (next?.delayMs) await new Promise((resolve) => setTimeout(resolve, next.delayMs));
    if (next?.drop) return request.socket.destroy();

    // Common parameters and signature, checked before anything else as the service does.
    for (const name of ['Format', 'Version', 'AccessKeyId', 'SignatureMethod', 'Timestamp', 'SignatureVersion', 'SignatureNonce', 'Signature', 'Action']) {
      if (!parameters[name]) return fail(response, 400, `MissingParameter`, `The input parameter "${name}" that is mandatory for processing this request is not supplied.`);
    }
    if (parameters.Version !== '2017-05-25') return fail(response, 400, 'InvalidVersion', 'Specified parameter Version is not valid.');
    if (parameters.SignatureMethod !== 'HMAC-SHA1' || parameters.SignatureVersion !== '1.0') return fail(response, 400, 'InvalidSignatureMethod', 'Specified signature method is not valid.');
    if (parameters.AccessKeyId !== accessKeyId) return fail(response, 404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    if (rpcSignature(request.method ?? 'GET', parameters, accessKeySecret) !== parameters.Signature) {
      return fail(response, 400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    }
    if (Math.abs(Date.parse(parameters.Timestamp) - Date.now()) > 15 * 60_000 || Number.isNaN(Date.parse(parameters.Timestamp))) {
      return fail(response, 400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    }
    if (nonces.has(parameters.SignatureNonce)) return fail(response, 400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    nonces.add(parameters.SignatureNonce);

    if (next?.status) return fail(response, next.status, next.code ?? 'ServiceUnavailable', next.message);
    if (next?.code) return fail(response, 200, next.code, next.message);

    if (action === 'QueryCallDetailByCallId') {
      for (const name of ['CallId', 'ProdId', 'QueryDate']) {
        if (!parameters[name]) return fail(response, 400, 'MissingParameter', `The input parameter "${name}" that is mandatory for processing this request is not supplied.`);
      }
      const call = calls.find((candidate) => candidate.callId === parameters.CallId);
      const ended = call && Date.now() >= Date.parse(call.at) + call.endsAfterMs;
      const local = (ms) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '); // Beijing time, as the service writes it
      const placed = call ? Date.parse(call.at) : 0;
      const record = ended && {
        callee: call.calledNumber,
        caller: call.showNumber ?? '',
        calleeShowNumber: call.showNumber ?? '',
        callerShowNumber: call.showNumber ?? '',
        gmtCreate: local(placed),
        startDate: local(placed + 3_000),
        endDate: local(placed + 3_000 + call.durationSeconds * 1000),
        duration: call.durationSeconds,
        state: '200000',
        stateDesc: '用户接听',
        hangupDirection: 1,
      };
      return send(response, 200, { RequestId: randomUUID().toUpperCase(), Code: 'OK', Message: 'OK', Data: record ? JSON.stringify(record) : null });
    }

    if (action === 'SingleCallByTts') {
      const { CalledNumber: calledNumber, TtsCode: ttsCode, TtsParam: ttsParam, CalledShowNumber: showNumber } = parameters;
      if (!calledNumber) return fail(response, 400, 'MissingCalledNumber', 'CalledNumber is mandatory for this action.');
      if (!ttsCode) return fail(response, 400, 'MissingTtsCode', 'TtsCode is mandatory for this action.');
      if (!/^(\d{11}|0\d{9,11}|\d{8,15})$/.test(calledNumber)) return fail(response, 200, ALIYUN_CODES.invalidNumber);
      if (showNumber && !showNumbers.includes(showNumber)) return fail(response, 200, 'isv.INVALID_PARAMETERS', '被叫显号不属于该账号');
      const variables = templates[ttsCode];
      if (!variables) return fail(response, 200, ALIYUN_CODES.invalidTemplate);
      let values = {};
      try {
        values = ttsParam ? JSON.parse(ttsParam) : {};
      } catch {
        return fail(response, 200, 'isv.INVALID_JSON_PARAM', 'JSON参数不合法');
      }
      if (variables.some((name) => typeof values[name] !== 'string')) return fail(response, 200, ALIYUN_CODES.missingParameters);
      if (limits) {
        const now = Date.now();
        const times = placedAt.get(calledNumber) ?? [];
        if (LIMITS.some(({ windowMs, max }) => times.filter((time) => time > now - windowMs).length >= max)) {
          throttled++;
          return fail(response, 200, ALIYUN_CODES.throttled);
        }
        placedAt.set(calledNumber, [...times, now]);
      }
      const callId = `${Date.now()}^${randomBytes(5).readUInt32BE(0)}`;
      calls.push({ callId, calledNumber, showNumber: showNumber ?? null, ttsCode, ttsParam: values, outId: parameters.OutId ?? null, at: new Date().toISOString(), durationSeconds: callSeconds, endsAfterMs: callEndsAfterMs });
      return send(response, 200, { RequestId: randomUUID().toUpperCase(), Code: 'OK', Message: 'OK', CallId: callId });
    }

    return fail(response, 404, 'InvalidAction.NotFound', `Specified api is not found, please check your url and method.`);
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: boundPort } = server.address();

  return {
    url: `http://127.0.0.1:${boundPort}`,
    /** Calls placed (accepted), oldest first. */
    calls,
    requests,
    /** SingleCallByTts answers of isv.BUSINESS_LIMIT_CONTROL so far. */
    get throttled() {
      return throttled;
    },
    /** The next `times` requests of `action` answer `code` (HTTP 200, as business errors are), or `status`. */
    failNext(action, code, { times = 1, status, message } = {}) {
      for (let index = 0; index < times; index++) queued[action].push({ code, status, message });
    },
    /** The next request of `action` is answered only after `ms` (a timeout for a client that waits less). */
    delayNext(action, ms) {
      queued[action].push({ delayMs: ms });
    },
    /** The next request of `action` has its connection cut unanswered: the service is down for the client. */
    dropNext(action) {
      queued[action].push({ drop: true });
    },
    reset() {
      calls.length = 0;
      requests.length = 0;
      placedAt.clear();
      throttled = 0;
      for (const list of Object.values(queued)) list.length = 0;
    },
    close() {
      server.closeAllConnections?.();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
