import { AUDIT_REDACTED } from '@aipm/contracts';
import type { AuditEntry } from '@aipm/database';
import type { Request } from 'express';
import type { EntityManager } from 'typeorm';
import { AuditError } from './audit.error';
import type { AuditRepository, AuditRow } from './audit.repository';
import { AuditService } from './audit.service';

/** The audit log in memory: rows as written, and through which transaction. */
class InMemoryAuditLog implements Pick<AuditRepository, 'add' | 'find' | 'failedSignInsLastHour'> {
  readonly rows: Array<AuditRow & { manager?: EntityManager }> = [];

  async add(row: AuditRow, manager?: EntityManager) {
    this.rows.push(manager ? { ...row, manager } : row);
  }

  async find(id: string) {
    return this.rows[Number(id)] ? ({ id, ...this.rows[Number(id)] } as unknown as AuditEntry) : null;
  }

  async failedSignInsLastHour(actorName: string) {
    return this.rows.filter((row) => row.action === 'auth.login.fail' && row.actorName === actorName).length;
  }
}

function request(fields: { user?: { id: string; email: string }; ip?: string }): Request {
  return fields as unknown as Request;
}

describe(AuditService.name, () => {
  let log: InMemoryAuditLog;
  let audit: AuditService;

  beforeEach(() => {
    log = new InMemoryAuditLog();
    audit = new AuditService(log as unknown as AuditRepository);
  });

  it('names a student in the student realm by the login id, never the username', async () => {
    const studentRequest = request({ sessionID: 'student:abc', session: { student: { accountId: 's1', studentId: 'st1', username: 'zhangsan', name: '张三' } }, ip: '203.0.113.9' } as never);
    await audit.record(studentRequest, { action: 'student.logout', entity: 'account' });
    expect(log.rows[0]).toMatchObject({ actorId: 's1', actorName: 'student:s1', actorKind: 'student' });
    expect(JSON.stringify(log.rows)).not.toContain('zhangsan');
  });

  it('names the signed-in administrator and the address of the request', async () => {
    await audit.record(request({ user: { id: 'a1', email: 'owner@example.com' }, ip: '203.0.113.9' }), { action: 'settings.site.change', entity: 'site_settings' });
    expect(log.rows).toEqual([
      { actorId: 'a1', actorName: 'owner@example.com', actorKind: 'admin', ip: '203.0.113.9', action: 'settings.site.change', entity: 'site_settings', entityId: null, before: null, after: null, details: null },
    ]);
  });

  it('names an actor given by the caller before the session, and an account name when nobody is signed in', async () => {
    await audit.record(request({ user: { id: 'a1', email: 'owner@example.com' } }), { action: 'auth.logout', entity: 'admin', actor: { id: 'a2', email: 'gone@example.com' } });
    await audit.record(request({ ip: '198.51.100.1' }), { action: 'auth.login.fail', entity: 'admin', actorName: 'owner@example.com' });
    await audit.record(null, { action: 'auth.login.fail', entity: 'admin' });
    expect(log.rows.map(({ actorId, actorName, ip }) => ({ actorId, actorName, ip }))).toEqual([
      { actorId: 'a2', actorName: 'gone@example.com', ip: null },
      { actorId: null, actorName: 'owner@example.com', ip: '198.51.100.1' },
      { actorId: null, actorName: null, ip: null },
    ]);
  });

  it('stores the values made safe: secrets hidden, phones masked', async () => {
    await audit.record(null, {
      action: 'settings.crawler.change',
      entity: 'crawler_settings',
      before: { zhaopinCookie: 'session=abc', phone: '13800138000' },
      after: { zhaopinCookie: '', note: 'kept' },
      details: { password: 'secret' },
    });
    expect(log.rows[0]).toMatchObject({ before: { zhaopinCookie: AUDIT_REDACTED, phone: '138****8000' }, after: { zhaopinCookie: null, note: 'kept' }, details: { password: AUDIT_REDACTED } });
  });

  it('writes inside the caller’s transaction when given its manager', async () => {
    const manager = {} as EntityManager;
    await audit.record(null, { action: 'student.delete', entity: 'student', entityId: 's1' }, { manager });
    expect(log.rows[0]!.manager).toBe(manager);
  });

  it('refuses an entry that does not exist', async () => {
    await audit.record(null, { action: 'auth.login.fail', entity: 'admin' });
    expect(await audit.find('0')).toMatchObject({ id: '0', action: 'auth.login.fail' });
    await expect(audit.find('7')).rejects.toEqual(new AuditError('AUDIT_ENTRY_NOT_FOUND'));
  });
});
