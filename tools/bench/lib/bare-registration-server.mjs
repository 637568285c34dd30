#!/usr/bin/env node
// The registrations bench's ceiling (ADR 033): the same database work as POST /api/registrations (the form's
// rate-limit count in Redis, then aipm_register_lead, several registrations per statement while others are in
// flight, as the API's group commit does) behind bare node:http, with no framework, no validation, no session,
// no logging. What it reaches on this machine is as far as any HTTP layer in front of that work could go.
//
//   BARE_PORT=… DATABASE_URL=… REDIS_URL=… node tools/bench/lib/bare-registration-server.mjs
//
// Bench code only: it trusts its input and answers 500 with the error on any failure.
import http from 'node:http';
import Redis from 'ioredis';
import pg from 'pg';

/** The API's form rate limit, as `apps/api/src/common/rate-limit/per-ip-rate-limit.guard.ts` runs it (ADR 039). */
const SLIDING_WINDOW_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) < limit then
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('PEXPIRE', key, window)
  return {1, 0}
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return {0, tonumber(oldest[2]) + window - now}
`;

const IN_FLIGHT = 2;
const BATCH_LIMIT = 100;
const REPEAT_WINDOW_HOURS = 24;
// One jsonb array of argument lists: the function once per element, in order (the API passes typed arrays).
const BATCH_SQL = `
  SELECT lead.lead_id AS id FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS row(a, position)
  CROSS JOIN LATERAL aipm_register_lead(a->>0, ${REPEAT_WINDOW_HOURS}, a->>1, a->>2, a->>3, a->>4, a->>5, a->>6,
                                        a->11, a->>7, (a->>8)::timestamptz, a->>9, a->>10) AS lead
  ORDER BY row.position`;

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: IN_FLIGHT });
const redis = new Redis(process.env.REDIS_URL);

const waiting = [];
let inFlight = 0;
function startStatements() {
  while (inFlight < IN_FLIGHT && waiting.length > 0) {
    const batch = waiting.splice(0, BATCH_LIMIT);
    inFlight += 1;
    pool
      .query(BATCH_SQL, [JSON.stringify(batch.map(({ args }) => args))])
      .then(
        ({ rows }) => batch.forEach(({ resolve }, index) => resolve(rows[index].id)),
        (error) => batch.forEach(({ reject }) => reject(error))
      )
      .finally(() => {
        inFlight -= 1;
        startStatements();
      });
  }
}
const register = (args) =>
  new Promise((resolve, reject) => {
    waiting.push({ args, resolve, reject });
    startStatements();
  });

const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', async () => {
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const ip = request.socket.remoteAddress;
      const now = Date.now();
      await redis.eval(SLIDING_WINDOW_SCRIPT, 1, `aipm-bench:rate-window:/api/registrations:${ip}`, now, 60_000, 1e9, `${now}:${Math.random()}`);
      const phoneNormalized = `+86${body.phone.replace(/\D/g, '')}`;
      const id = await register(
        // in the order BATCH_SQL reads them
        [phoneNormalized, body.email ?? null, body.goals || null, body.name, body.phone, body.school, body.major, 'bench', new Date(), ip, request.headers['user-agent'] ?? null, body.source ?? null]
      );
      const answer = JSON.stringify({ success: true, data: { id } });
      response.writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(answer) });
      response.end(answer);
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    }
  });
});
server.listen(Number(process.env.BARE_PORT), '127.0.0.1', () => process.send?.('listening'));
process.on('SIGTERM', () => {
  server.close();
  void Promise.all([pool.end(), redis.quit()]).finally(() => process.exit(0));
});
