import type { Request } from 'express';
import type { AuditRepository, AuditRow } from '../audit/audit.repository';
import { AuditService } from '../audit/audit.service';
import { AUDITED_ACCOUNT_FAILURES_PER_HOUR, LOGIN_FAILURE_COUNTS_KEPT_DAYS, LoginFailures } from './login-failures';
import type { LoginFailuresRepository } from './login-failures.repository';

/** The audit log in memory, every entry within the hour. */
class InMemoryAuditLog implements Pick<AuditRepository, 'add' | 'failedSignInsLastHour'> {
  readonly rows: AuditRow[] = [];
  readonly asked: string[] = [];

  async add(row: AuditRow) {
    this.rows.push(row);
  }

  async failedSignInsLastHour(actorName: string) {
    this.asked.push(actorName);
    return this.rows.filter((row) => row.action === 'auth.login.fail' && row.actorName === actorName).length;
  }
}

/** The hourly counts in memory, keyed by address and whether the account exists. */
class InMemoryFailureCounts implements Pick<LoginFailuresRepository, keyof LoginFailuresRepository> {
  readonly counts = new Map<string, number>();
  failing = false;

  async count(ip: string, accountExists: boolean, keptDays: number) {
    if (this.failing) throw new Error('connection terminated');
    expect(keptDays).toBe(LOGIN_FAILURE_COUNTS_KEPT_DAYS);
    const key = `${ip} ${accountExists}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
}

const from = (ip: string | undefined) => ({ ip }) as Request;

describe(LoginFailures.name, () => {
  let log: InMemoryAuditLog;
  let counts: InMemoryFailureCounts;
  let failures: LoginFailures;

  beforeEach(() => {
    log = new InMemoryAuditLog();
    counts = new InMemoryFailureCounts();
    failures = new LoginFailures(counts as unknown as LoginFailuresRepository, new AuditService(log as unknown as AuditRepository));
  });

  it('writes an audit entry naming the real account, up to the hour’s bound, then counts the rest (ADR 037)', async () => {
    for (let attempt = 0; attempt < AUDITED_ACCOUNT_FAILURES_PER_HOUR + 3; attempt++) await failures.record(from('203.0.113.9'), 'owner@example.com', true);
    expect(log.rows).toHaveLength(AUDITED_ACCOUNT_FAILURES_PER_HOUR);
    expect(log.rows[0]).toMatchObject({ action: 'auth.login.fail', entity: 'admin', actorName: 'owner@example.com', actorId: null, ip: '203.0.113.9' });
    expect(counts.counts).toEqual(new Map([['203.0.113.9 true', 3]]));
  });

  it('only counts a failure for an email that is no administrator’s, asking the same question first (timing)', async () => {
    await failures.record(from('198.51.100.7'), 'guess@example.com', false);
    await failures.record(from('198.51.100.7'), 'other-guess@example.com', false);
    expect(log.rows).toEqual([]);
    expect(log.asked).toEqual(['guess@example.com', 'other-guess@example.com']);
    expect(counts.counts).toEqual(new Map([['198.51.100.7 false', 2]]));
  });

  it('counts an unknown address as "unknown" and cuts a long one to the column', async () => {
    await failures.record(from(undefined), 'guess@example.com', false);
    await failures.record(from('x'.repeat(80)), 'guess@example.com', false);
    expect([...counts.counts.keys()]).toEqual(['unknown false', `${'x'.repeat(64)} false`]);
  });

  it('loses a count rather than failing the answer when the count cannot be written', async () => {
    counts.failing = true;
    await expect(failures.record(from('198.51.100.7'), 'guess@example.com', false)).resolves.toBeUndefined();
  });
});
