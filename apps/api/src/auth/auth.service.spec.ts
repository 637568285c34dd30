import { AuthError } from './auth.error';
import type { AdminAccount, AdminAccountsRepository } from './admin-accounts.repository';
import { AuthService } from './auth.service';
import { PasswordHasher } from './password-hasher';

type StoredAccount = AdminAccount & { isAdmin: boolean };

/** The accounts and their sessions in memory, with the database's rules: one administrator, unique emails. */
class InMemoryAccounts implements Pick<AdminAccountsRepository, keyof AdminAccountsRepository> {
  readonly accounts: StoredAccount[] = [];
  /** session id → account id */
  readonly sessions = new Map<string, string>();

  private admin(match: (account: StoredAccount) => boolean): AdminAccount | null {
    const found = this.accounts.find((account) => account.isAdmin && match(account));
    return found ? { id: found.id, email: found.email, password: found.password, mustChangePassword: found.mustChangePassword } : null;
  }

  private refuses(email: string): boolean {
    return this.accounts.some((account) => account.isAdmin || account.email === email);
  }

  async hasAdmin() {
    return this.accounts.some((account) => account.isAdmin);
  }

  async isAdminEmail(email: string) {
    return this.admin((account) => account.email === email) !== null;
  }

  async adminByEmail(email: string) {
    return this.admin((account) => account.email === email);
  }

  async adminById(id: string) {
    return this.admin((account) => account.id === id);
  }

  async accountById(id: string) {
    const found = this.accounts.find((account) => account.id === id);
    if (!found) throw new Error(`no account ${id}`);
    return found;
  }

  async addAdmin(email: string, password: string) {
    if (this.refuses(email)) return null;
    const account = { id: `u${this.accounts.length + 1}`, email, password, mustChangePassword: false, isAdmin: true };
    this.accounts.push(account);
    return account;
  }

  async addInitialAdmin(email: string, password: string) {
    if (this.refuses(email)) return false;
    this.accounts.push({ id: `u${this.accounts.length + 1}`, email, password, mustChangePassword: true, isAdmin: true });
    return true;
  }

  async changePassword(id: string, password: string, keptSessionId: string) {
    Object.assign(await this.accountById(id), { password, mustChangePassword: false });
    for (const [sid, owner] of this.sessions) if (owner === id && sid !== keptSessionId) this.sessions.delete(sid);
  }
}

describe(AuthService.name, () => {
  const hasher = new PasswordHasher();
  let accounts: InMemoryAccounts;
  let auth: AuthService;

  beforeEach(() => {
    accounts = new InMemoryAccounts();
    auth = new AuthService(accounts as unknown as AdminAccountsRepository, hasher);
  });

  it('registers the first administrator with a hashed password, and refuses a second', async () => {
    const admin = await auth.registerFirstAdmin({ email: 'owner@example.com', password: 'correct horse battery' });
    expect(admin).toEqual({ id: 'u1', email: 'owner@example.com', mustChangePassword: false });
    expect(accounts.accounts[0]!.password).not.toBe('correct horse battery');
    await expect(auth.registerFirstAdmin({ email: 'second@example.com', password: 'another password' })).rejects.toEqual(new AuthError('ADMIN_EXISTS'));
  });

  it('answers ADMIN_EXISTS when the database refuses a sign-up that passed the early check (a concurrent one won)', async () => {
    accounts.hasAdmin = async () => false;
    accounts.accounts.push({ id: 'u0', email: 'winner@example.com', password: 'x', mustChangePassword: false, isAdmin: true });
    await expect(auth.registerFirstAdmin({ email: 'late@example.com', password: 'a long password' })).rejects.toEqual(new AuthError('ADMIN_EXISTS'));
  });

  it('seeds the initial administrator under a normalised email, once, and only while there is none', async () => {
    expect(await auth.ensureInitialAdmin('  Owner@Example.COM ', 'initial password')).toBe(true);
    expect(accounts.accounts).toEqual([expect.objectContaining({ email: 'owner@example.com', mustChangePassword: true, isAdmin: true })]);
    expect(await auth.ensureInitialAdmin('other@example.com', 'initial password')).toBe(false);
    expect(accounts.accounts).toHaveLength(1);
  });

  it('signs in the administrator with the right password only, and says nothing of which part was wrong', async () => {
    await auth.registerFirstAdmin({ email: 'owner@example.com', password: 'correct horse battery' });
    expect(await auth.validateCredentials('owner@example.com', 'correct horse battery')).toEqual({ id: 'u1', email: 'owner@example.com', mustChangePassword: false });
    expect(await auth.validateCredentials('owner@example.com', 'wrong password')).toBeNull();
    expect(await auth.validateCredentials('nobody@example.com', 'correct horse battery')).toBeNull();
  });

  it('keeps a session only while its user is an administrator', async () => {
    accounts.accounts.push({ id: 'u9', email: 'former@example.com', password: 'x', mustChangePassword: false, isAdmin: false });
    await auth.ensureInitialAdmin('owner@example.com', 'initial password');
    expect(await auth.findAdmin('u2')).toEqual({ id: 'u2', email: 'owner@example.com', mustChangePassword: true });
    expect(await auth.findAdmin('u9')).toBeNull();
    expect(await auth.isAdminEmail('former@example.com')).toBe(false);
    expect(await auth.isAdminEmail('owner@example.com')).toBe(true);
  });

  it('changes the password after checking the current one, leaves first-time mode and ends the other sessions', async () => {
    await auth.ensureInitialAdmin('owner@example.com', 'initial password');
    accounts.sessions.set('this-browser', 'u1').set('old-laptop', 'u1').set('someone-else', 'u2');
    await expect(auth.changePassword('u1', 'this-browser', { currentPassword: 'not it', newPassword: 'a new password' })).rejects.toEqual(new AuthError('WRONG_CURRENT_PASSWORD'));
    expect(accounts.sessions.size).toBe(3);

    await auth.changePassword('u1', 'this-browser', { currentPassword: 'initial password', newPassword: 'a new password' });
    expect([...accounts.sessions.keys()]).toEqual(['this-browser', 'someone-else']);
    expect(await auth.validateCredentials('owner@example.com', 'a new password')).toEqual({ id: 'u1', email: 'owner@example.com', mustChangePassword: false });
    expect(await auth.validateCredentials('owner@example.com', 'initial password')).toBeNull();
  });
});
