import type { StudentAccount } from '@aipm/database';
import type { PasswordHasher } from '../../auth/password-hasher';
import type { StudentsService } from '../students.service';
import type { AccountFields, StudentAccountsRepository } from './student-accounts.repository';
import { StudentAccountsService } from './student-accounts.service';

const STUDENT = '6f1c7a52-3b1e-4c4f-9a51-2d5a3f0e9b11';

/** student_accounts in memory, with the partial unique indexes of logins (ADR 045). */
class InMemoryAccounts implements Pick<StudentAccountsRepository, 'find' | 'insert' | 'update' | 'delete'> {
  rows: StudentAccount[] = [];

  async find(id: string) {
    return this.rows.find((row) => row.id === id) ?? null;
  }
  async insert(fields: AccountFields) {
    const row = { id: `a${this.rows.length + 1}`, status: 'active', lastLogin: null, createdAt: new Date(), updatedAt: new Date(), ...fields } as StudentAccount;
    this.rows.push(row);
    return row.id;
  }
  async update(id: string, fields: AccountFields) {
    Object.assign((await this.find(id))!, fields);
  }
  async delete(id: string) {
    this.rows = this.rows.filter((row) => row.id !== id);
  }
}

describe(StudentAccountsService.name, () => {
  let accounts: InMemoryAccounts;
  let service: StudentAccountsService;

  beforeEach(() => {
    accounts = new InMemoryAccounts();
    const students: Pick<StudentsService, 'assertExists'> = { assertExists: async () => undefined };
    const hasher: Pick<PasswordHasher, 'hash'> = { hash: async (password) => `$argon2id$hash-of-${password.length}` };
    service = new StudentAccountsService(accounts as unknown as StudentAccountsRepository, students as StudentsService, hasher as PasswordHasher);
  });

  it('keeps a tool account as its text, an optional email and no password', async () => {
    const vpn = await service.create({ studentId: STUDENT, kind: 'vpn', username: 'v1' });
    expect(vpn).toMatchObject({ kind: 'vpn', username: 'v1', email: null, password: null, status: 'active' });
    await expect(service.create({ studentId: STUDENT, kind: 'trae', username: 'trae-1', password: 'secret1' })).rejects.toMatchObject({ code: 'PASSWORD_NOT_FOR_TOOL_ACCOUNT' });
    await expect(service.update(vpn.id, { password: 'secret1' })).rejects.toMatchObject({ code: 'PASSWORD_NOT_FOR_TOOL_ACCOUNT' });
    expect((await service.update(vpn.id, { username: 'v2', email: 'v@x.cn', status: 'suspended' })).username).toBe('v2');
  });

  it('makes a student login by default: username 3 to 64, email and password required, the password hashed', async () => {
    const login = await service.create({ studentId: STUDENT, username: 'zhangsan', email: 'z@x.cn', password: 'secret1' });
    expect(login).toMatchObject({ kind: 'student_login', password: '$argon2id$hash-of-7' });
    const base = { studentId: STUDENT, username: 'lisi', email: 'l@x.cn', password: 'secret1' };
    await expect(service.create({ ...base, username: 'ab' })).rejects.toMatchObject({ code: 'USERNAME_TOO_SHORT' });
    await expect(service.create({ ...base, username: 'a'.repeat(65) })).rejects.toMatchObject({ code: 'USERNAME_TOO_LONG' });
    await expect(service.create({ ...base, email: null })).rejects.toMatchObject({ code: 'ACCOUNT_EMAIL_REQUIRED' });
    await expect(service.create({ ...base, password: undefined })).rejects.toMatchObject({ code: 'ACCOUNT_PASSWORD_REQUIRED' });
    // An edit keeps the stored password when none is sent, and a login's email cannot be cleared.
    expect((await service.update(login.id, { status: 'inactive' })).password).toBe('$argon2id$hash-of-7');
    await expect(service.update(login.id, { email: null })).rejects.toMatchObject({ code: 'ACCOUNT_EMAIL_REQUIRED' });
  });
});
