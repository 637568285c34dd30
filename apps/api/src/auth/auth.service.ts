import { type ChangePasswordDto, type RegisterAdminDto } from '@aipm/contracts/dto';
import { User } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, QueryFailedError, type Repository } from 'typeorm';
import type { SessionUser } from '../common/session';
import { PasswordHasher } from './password-hasher';
import { SESSION_TABLE } from './session.constants';
import { AuthError } from './auth.error';

const UNIQUE_VIOLATION = '23505';

function toSessionUser(user: User): SessionUser {
  return { id: user.id, email: user.email, mustChangePassword: user.mustChangePassword };
}

/** Administrator accounts: the first-administrator rule, credentials and password changes. */
@Injectable()
export class AuthService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
  ) {}

  hasAdmin(): Promise<boolean> {
    return this.users.existsBy({ isAdmin: true });
  }

  /**
   * docs/product/back-office.md#first-administrator: only while no administrator exists. The early check only saves a
   * hash; the rule itself is the partial unique index UQ_users_single_admin, so concurrent sign-ups on any number of
   * processes end with one row and the others get 403.
   */
  async registerFirstAdmin(dto: RegisterAdminDto): Promise<SessionUser> {
    if (await this.hasAdmin()) throw new AuthError('ADMIN_EXISTS');
    const password = await this.hasher.hash(dto.password);
    try {
      const user = await this.users.save(this.users.create({ email: dto.email, password, isAdmin: true }));
      return toSessionUser(user);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AuthError('ADMIN_EXISTS');
      throw error;
    }
  }

  /** First-time mode: creates the administrator from the environment unless one exists (any process may run it). */
  async ensureInitialAdmin(email: string, initialPassword: string): Promise<boolean> {
    if (await this.hasAdmin()) return false;
    const password = await this.hasher.hash(initialPassword);
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO "users" ("email", "password", "isAdmin", "mustChangePassword") VALUES ($1, $2, true, true)
       ON CONFLICT DO NOTHING RETURNING "id"`,
      [email.trim().toLowerCase(), password],
    );
    return inserted.length > 0;
  }

  /** Null for an unknown email or a wrong password alike: the caller must not tell which. */
  async validateCredentials(email: string, password: string): Promise<SessionUser | null> {
    const user = await this.users.findOneBy({ email, isAdmin: true });
    if (!user) {
      await this.hasher.verifyNothing(password);
      return null;
    }
    return (await this.hasher.verify(user.password, password)) ? toSessionUser(user) : null;
  }

  /** Whether the email is an administrator's (after a failed sign-in: where the failure is written, never what is answered). */
  isAdminEmail(email: string): Promise<boolean> {
    return this.users.existsBy({ email, isAdmin: true });
  }

  /** The serializer's lookup: a session survives only while its user is still an administrator. */
  async findAdmin(id: string): Promise<SessionUser | null> {
    const user = await this.users.findOneBy({ id, isAdmin: true });
    return user ? toSessionUser(user) : null;
  }

  /** Changes the password, clears first-time mode, and ends every other session of the user. */
  async changePassword(userId: string, currentSessionId: string, dto: ChangePasswordDto): Promise<void> {
    const user = await this.users.findOneByOrFail({ id: userId });
    if (!(await this.hasher.verify(user.password, dto.currentPassword))) {
      throw new AuthError('WRONG_CURRENT_PASSWORD');
    }
    const password = await this.hasher.hash(dto.newPassword);
    await this.dataSource.transaction(async (manager) => {
      await manager.update(User, { id: userId }, { password, mustChangePassword: false });
      // Sessions are connect-pg-simple rows; passport keeps the user id at sess.passport.user.
      await manager.query(`DELETE FROM "${SESSION_TABLE}" WHERE "sid" <> $1 AND ("sess" #>> '{passport,user}') = $2`, [
        currentSessionId,
        userId,
      ]);
    });
  }
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === UNIQUE_VIOLATION;
}
