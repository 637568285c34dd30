import { User } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, QueryFailedError } from 'typeorm';
import { SESSION_TABLE } from './session.constants';

const UNIQUE_VIOLATION = '23505';

/** An account as the sign-in rules need it: `password` is the stored hash. */
export interface AdminAccount {
  id: string;
  email: string;
  password: string;
  mustChangePassword: boolean;
}

const ACCOUNT_COLUMNS = { id: true, email: true, password: true, mustChangePassword: true } as const;

/**
 * The administrator accounts (`users`) and their sessions' rows (ADR 044); the sign-in rules are AuthService's.
 * The one-administrator rule is the partial unique index UQ_users_single_admin, so it holds here, across processes.
 */
@Injectable()
export class AdminAccountsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get users() {
    return this.dataSource.getRepository(User);
  }

  hasAdmin(): Promise<boolean> {
    return this.users.existsBy({ isAdmin: true });
  }

  isAdminEmail(email: string): Promise<boolean> {
    return this.users.existsBy({ email, isAdmin: true });
  }

  adminByEmail(email: string): Promise<AdminAccount | null> {
    return this.users.findOne({ where: { email, isAdmin: true }, select: ACCOUNT_COLUMNS });
  }

  adminById(id: string): Promise<AdminAccount | null> {
    return this.users.findOne({ where: { id, isAdmin: true }, select: ACCOUNT_COLUMNS });
  }

  /** Any account, administrator or not; throws TypeORM's EntityNotFoundError when it is gone. */
  accountById(id: string): Promise<AdminAccount> {
    return this.users.findOneOrFail({ where: { id }, select: ACCOUNT_COLUMNS });
  }

  /** The new administrator, or null when the database refused it: an administrator (or the email) exists already. */
  async addAdmin(email: string, passwordHash: string): Promise<AdminAccount | null> {
    try {
      const { id, mustChangePassword } = await this.users.save(this.users.create({ email, password: passwordHash, isAdmin: true }));
      return { id, email, password: passwordHash, mustChangePassword };
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** First-time mode's administrator, who must change the password; false when any account conflicts. */
  async addInitialAdmin(email: string, passwordHash: string): Promise<boolean> {
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO "users" ("email", "password", "isAdmin", "mustChangePassword") VALUES ($1, $2, true, true)
       ON CONFLICT DO NOTHING RETURNING "id"`,
      [email, passwordHash],
    );
    return inserted.length > 0;
  }

  /** The new hash, first-time mode cleared, and every session of the account but `keptSessionId` ended, in one transaction. */
  async changePassword(id: string, passwordHash: string, keptSessionId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.update(User, { id }, { password: passwordHash, mustChangePassword: false });
      // Sessions are connect-pg-simple rows; passport keeps the user id at sess.passport.user.
      await manager.query(`DELETE FROM "${SESSION_TABLE}" WHERE "sid" <> $1 AND ("sess" #>> '{passport,user}') = $2`, [keptSessionId, id]);
    });
  }
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === UNIQUE_VIOLATION;
}
