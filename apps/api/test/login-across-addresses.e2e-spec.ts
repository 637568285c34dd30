import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AuthService } from '../src/auth/auth.service';
import { AUDITED_ACCOUNT_FAILURES_PER_HOUR } from '../src/auth/login-failures';
import { createApp } from '../src/bootstrap/create-app';
import { type PrivateRedis, startPrivateRedis } from '../../../tools/testing/private-servers';
import { testApiEnv } from './support/test-env';

const OWNER = { email: 'owner@example.com', password: 'owner-password-1' };
/** 30 addresses × 10 wrong passwords each: every address stays within its own limits. */
const ADDRESSES = 30;
const PER_ADDRESS = 10;
/** How many of the 300 passwords may be checked at all: a handful, not "as fast as argon2 allows". */
const VERIFIED_AT_MOST = 15;
const UNKNOWN_EMAIL_FAILURES = 450;
const UNKNOWN_EMAIL_ADDRESSES = 5;
/**
 * Rows the 450 failures with unknown emails may add to the database (the audit log and any tally): a handful,
 * one per address and hour (twice that if the run crosses an hour).
 */
const UNKNOWN_EMAIL_ROWS_AT_MOST = 2 * UNKNOWN_EMAIL_ADDRESSES;

/** The cookies a browser keeps from an answer (name=value pairs), merged over the ones it had. */
function keep(jar: Map<string, string>, setCookie: string[] | string | undefined): Map<string, string> {
  for (const line of [setCookie ?? []].flat()) {
    const [pair] = line.split(';');
    const separator = pair!.indexOf('=');
    jar.set(pair!.slice(0, separator), pair!.slice(separator + 1));
  }
  return jar;
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/**
 * Guessing the administrator's password from many addresses, and the owner behind a shared address
 * (docs/decisions/037-login-throttling-across-addresses.md). Its own Redis and database: the counters and the
 * rows of other suites never meet these.
 */
describe('login throttling across addresses', () => {
  let redis: PrivateRedis;
  let database: TestDatabase;
  let app: INestApplication;
  let baseUrl: string;
  /** The owner's everyday browser: it signed in before the attack. */
  const ownerBrowser = new Map<string, string>();

  const login = (from: string, body: { email: string; password: string }, browser?: Map<string, string>) => {
    const call = request(baseUrl).post('/api/admin/login').set('X-Forwarded-For', from);
    if (browser && browser.size > 0) call.set('Cookie', cookieHeader(browser));
    return call.send(body);
  };

  /** A browser that signs in and keeps what it is given (the session, and whatever else the answer sets). */
  const signIn = async (from: string, browser: Map<string, string>) => {
    const answer = await login(from, OWNER, browser);
    keep(browser, answer.headers['set-cookie']);
    return answer;
  };

  const countRows = async (sql: string) => {
    const [row] = (await app.get(DataSource).query(sql)) as [{ count: string }];
    return Number(row.count);
  };
  const failureAuditRows = () => countRows(`SELECT count(*) FROM "audit_log" WHERE "action" = 'auth.login.fail'`);
  /** Every row of every table: whatever a failed sign-in writes, it is counted here. */
  const allRows = async () => {
    const tables = (await app.get(DataSource).query(
      `SELECT "relname" FROM "pg_stat_user_tables" WHERE "schemaname" = 'public' AND "relname" NOT IN ('migrations', 'session')`,
    )) as { relname: string }[];
    let total = 0;
    for (const { relname } of tables) total += await countRows(`SELECT count(*) FROM "${relname}"`);
    return total;
  };

  beforeAll(async () => {
    redis = await startPrivateRedis();
    database = await createTestDatabase({ migrate: true });
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redis.url }));
    await app.listen(0, '127.0.0.1'); // one listener for the bursts
    const address = (app.getHttpServer() as Server).address() as { port: number };
    baseUrl = `http://127.0.0.1:${address.port}`;
    await request(baseUrl).post('/api/admin/register').send(OWNER).expect(201);
    await signIn('203.0.113.10', ownerBrowser).then((answer) => expect(answer.status).toBe(200));
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await redis?.stop();
  });

  it(`checks at most ${VERIFIED_AT_MOST} of ${ADDRESSES * PER_ADDRESS} wrong passwords sent from ${ADDRESSES} addresses`, async () => {
    const validate = jest.spyOn(app.get(AuthService), 'validateCredentials');
    const startedAt = Date.now();
    try {
      const answers = await Promise.all(
        Array.from({ length: ADDRESSES * PER_ADDRESS }, (_, index) =>
          login(`198.18.${Math.floor(index / PER_ADDRESS)}.1`, {
            email: OWNER.email,
            password: `guess-${index}`,
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      const verified = validate.mock.calls.length;
      console.log(
        `burst of ${statuses.length} from ${ADDRESSES} addresses: ${verified} passwords verified, ` +
          `${statuses.filter((status) => status === 401).length} × 401, ${statuses.filter((status) => status === 429).length} × 429 in ${Date.now() - startedAt} ms`,
      );
      expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
      expect(verified).toBeLessThanOrEqual(VERIFIED_AT_MOST);
      const paced = answers.find((answer) => answer.status === 429);
      expect(Number(paced?.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      validate.mockRestore();
    }
  });

  it("signs the owner in within a second from the browser that signed in before, and says how long a new browser takes", async () => {
    const startedAt = Date.now();
    const known = await signIn('203.0.113.20', ownerBrowser);
    const knownMs = Date.now() - startedAt;
    console.log(`owner, known browser, during the attack: ${known.status} in ${knownMs} ms`);
    expect(known.status).toBe(200);
    expect(knownMs).toBeLessThanOrEqual(1_000);

    // A browser the account has never seen waits its turn (429 + Retry-After), then gets in.
    const fresh = new Map<string, string>();
    const freshStartedAt = Date.now();
    let answer = await signIn('203.0.113.30', fresh);
    let tries = 1;
    while (answer.status === 429 && tries < 5) {
      await sleep(Number(answer.headers['retry-after']) * 1_000);
      answer = await signIn('203.0.113.30', fresh);
      tries += 1;
    }
    console.log(`owner, new browser, during the attack: ${answer.status} after ${Date.now() - freshStartedAt} ms (${tries} tries)`);
    expect(answer.status).toBe(200);
  });

  it('keeps the owner in at an address shared with a stranger who is limited there (office NAT)', async () => {
    const office = '198.51.100.200';
    // The owner's laptop, known to the account, is at the office today.
    expect((await signIn(office, ownerBrowser)).status).toBe(200);

    // A stranger at the office fails on the owner's email, then on other emails until the address is refused.
    for (let index = 0; index < 12; index += 1) await login(office, { email: OWNER.email, password: 'guess-password' });
    let refused = false;
    for (let index = 0; index < 150 && !refused; index += 1) {
      refused = (await login(office, { email: `colleague${index}@example.com`, password: 'guess-password' })).status === 429;
    }
    expect(refused).toBe(true);
    expect((await login(office, OWNER)).status).toBe(429); // a browser the account does not know, at that address

    const startedAt = Date.now();
    const owner = await signIn(office, ownerBrowser);
    console.log(`owner, known browser, office address refused for strangers: ${owner.status} in ${Date.now() - startedAt} ms`);
    expect(owner.status).toBe(200);
  });

  it(`adds at most ${UNKNOWN_EMAIL_ROWS_AT_MOST} rows for ${UNKNOWN_EMAIL_FAILURES} failed sign-ins with unknown emails`, async () => {
    const auditBefore = await failureAuditRows();
    const rowsBefore = await allRows();
    const perAddress = UNKNOWN_EMAIL_FAILURES / UNKNOWN_EMAIL_ADDRESSES;
    let failed = 0;
    for (let address = 0; address < UNKNOWN_EMAIL_ADDRESSES; address += 1) {
      const answers = await Promise.all(
        Array.from({ length: perAddress }, (_, index) =>
          login(`100.64.7.${address + 1}`, { email: `nobody-${address}-${index}@example.com`, password: 'guess-password' }),
        ),
      );
      failed += answers.filter((answer) => answer.status === 401).length;
    }
    const auditAdded = (await failureAuditRows()) - auditBefore;
    const rowsAdded = (await allRows()) - rowsBefore;
    console.log(`${failed} failed sign-ins with unknown emails: ${auditAdded} audit rows, ${rowsAdded} rows in all`);
    expect(failed).toBe(UNKNOWN_EMAIL_FAILURES);
    expect(rowsAdded).toBeLessThanOrEqual(UNKNOWN_EMAIL_ROWS_AT_MOST);
  });

  it(`audits the real account's failures up to ${AUDITED_ACCOUNT_FAILURES_PER_HOUR} an hour, then counts them`, async () => {
    const audited = await countRows(
      `SELECT count(*) FROM "audit_log" WHERE "action" = 'auth.login.fail' AND "actorName" = '${OWNER.email}' AND "createdAt" > now() - interval '1 hour'`,
    );
    expect(audited).toBeLessThanOrEqual(VERIFIED_AT_MOST + 1); // the burst's verified failures, the office's one
    // Fill the hour's allowance (the log takes INSERTs only), then fail once more from the owner's own browser.
    await app.get(DataSource).query(
      `INSERT INTO "audit_log" ("action", "entity", "actorName", "ip") SELECT 'auth.login.fail', 'admin', $1, '192.0.2.99' FROM generate_series(1, $2)`,
      [OWNER.email, AUDITED_ACCOUNT_FAILURES_PER_HOUR - audited],
    );
    const auditBefore = await failureAuditRows();
    const countedBefore = await countRows(`SELECT coalesce(sum("failures"), 0) AS count FROM "login_failures_hourly" WHERE "accountExists"`);
    expect((await login('203.0.113.40', { email: OWNER.email, password: 'typo-password' }, ownerBrowser)).status).toBe(401);
    expect(await failureAuditRows()).toBe(auditBefore);
    expect(await countRows(`SELECT coalesce(sum("failures"), 0) AS count FROM "login_failures_hourly" WHERE "accountExists"`)).toBe(countedBefore + 1);
  });
});
