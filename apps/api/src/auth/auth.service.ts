import { type ChangePasswordDto, type RegisterAdminDto } from '@aipm/contracts/dto';
import { Injectable } from '@nestjs/common';
import type { SessionUser } from '../common/session';
import { type AdminAccount, AdminAccountsRepository } from './admin-accounts.repository';
import { PasswordHasher } from './password-hasher';
import { AuthError } from './auth.error';

function toSessionUser(account: AdminAccount): SessionUser {
  return { id: account.id, email: account.email, mustChangePassword: account.mustChangePassword };
}

/** Administrator accounts: the first-administrator rule, credentials and password changes. */
@Injectable()
export class AuthService {
  constructor(
    private readonly accounts: AdminAccountsRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  hasAdmin(): Promise<boolean> {
    return this.accounts.hasAdmin();
  }

  /**
   * docs/product/back-office.md#first-administrator: only while no administrator exists. The early check only saves a
   * hash; the rule itself is the partial unique index UQ_users_single_admin, so concurrent sign-ups on any number of
   * processes end with one row and the others get 403.
   */
  async registerFirstAdmin(dto: RegisterAdminDto): Promise<SessionUser> {
    if (await this.hasAdmin()) throw new AuthError('ADMIN_EXISTS');
    const password = await this.hasher.hash(dto.password);
    const account = await this.accounts.addAdmin(dto.email, password);
    if (!account) throw new AuthError('ADMIN_EXISTS');
    return toSessionUser(account);
  }

  /** First-time mode: creates the administrator from the environment unless one exists (any process may run it). */
  async ensureInitialAdmin(email: string, initialPassword: string): Promise<boolean> {
    if (await this.hasAdmin()) return false;
    const password = await this.hasher.hash(initialPassword);
    return this.accounts.addInitialAdmin(email.trim().toLowerCase(), password);
  }

  /** Null for an unknown email or a wrong password alike: the caller must not tell which. */
  async validateCredentials(email: string, password: string): Promise<SessionUser | null> {
    const account = await this.accounts.adminByEmail(email);
    if (!account) {
      await this.hasher.verifyNothing(password);
      return null;
    }
    return (await this.hasher.verify(account.password, password)) ? toSessionUser(account) : null;
  }

  /** Whether the email is an administrator's (after a failed sign-in: where the failure is written, never what is answered). */
  isAdminEmail(email: string): Promise<boolean> {
    return this.accounts.isAdminEmail(email);
  }

  /** The serializer's lookup: a session survives only while its user is still an administrator. */
  async findAdmin(id: string): Promise<SessionUser | null> {
    const account = await this.accounts.adminById(id);
    return account ? toSessionUser(account) : null;
  }

  /** Changes the password, clears first-time mode, and ends every other session of the user. */
  async changePassword(userId: string, currentSessionId: string, dto: ChangePasswordDto): Promise<void> {
    const account = await this.accounts.accountById(userId);
    if (!(await this.hasher.verify(account.password, dto.currentPassword))) {
      throw new AuthError('WRONG_CURRENT_PASSWORD');
    }
    await this.accounts.changePassword(userId, await this.hasher.hash(dto.newPassword), currentSessionId);
  }
}
