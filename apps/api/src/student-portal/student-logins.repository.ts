import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { SESSION_TABLE } from '../auth/session.constants';
import { STUDENT_SESSION_ID_PREFIX } from '../common/student-session';

/** A 学员登录 as sign-in reads it (never a tool account). */
export interface StudentLogin {
  id: string;
  studentId: string;
  username: string;
  email: string | null;
  password: string | null;
  status: string;
  name: string;
}

const LOGIN_COLUMNS = `account.id, account."studentId", account.username, account.email, account.password, account.status, student.name`;

/**
 * The student realm's reads and writes of `student_accounts` and of its own sessions (ADR 044 style). The rows
 * belong to the students feature; this realm only signs in, stamps the last login and changes the password.
 */
@Injectable()
export class StudentLoginsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The login whose username is exactly `login`, else whose email is `login` lower-cased (emails are stored
   * normalised, docs/product/students.md#student-accounts).
   */
  async byUsernameOrEmail(login: string): Promise<StudentLogin | null> {
    const [row] = (await this.dataSource.query(
      `SELECT ${LOGIN_COLUMNS} FROM student_accounts AS account JOIN students AS student ON student.id = account."studentId"
       WHERE account.kind = 'student_login' AND (account.username = $1 OR account.email = lower($1))
       ORDER BY (account.username = $1) DESC LIMIT 1`,
      [login],
    )) as StudentLogin[];
    return row ?? null;
  }

  async byId(accountId: string): Promise<StudentLogin | null> {
    const [row] = (await this.dataSource.query(
      `SELECT ${LOGIN_COLUMNS} FROM student_accounts AS account JOIN students AS student ON student.id = account."studentId"
       WHERE account.kind = 'student_login' AND account.id = $1`,
      [accountId],
    )) as StudentLogin[];
    return row ?? null;
  }

  /** The kind of any student account, or null when there is none with this id. */
  async accountKind(accountId: string): Promise<string | null> {
    const [row] = (await this.dataSource.query(`SELECT kind FROM student_accounts WHERE id = $1`, [accountId])) as { kind: string }[];
    return row?.kind ?? null;
  }

  async stampLastLogin(accountId: string): Promise<void> {
    await this.dataSource.query(`UPDATE student_accounts SET "lastLogin" = now() WHERE id = $1`, [accountId]);
  }

  /** The new hash, and every other session of the login ended, in one transaction (as the administrator's, ADR 007). */
  async changePassword(accountId: string, passwordHash: string, keepSessionId: string | null): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`UPDATE student_accounts SET password = $2, "updatedAt" = now() WHERE id = $1 AND kind = 'student_login'`, [accountId, passwordHash]);
      await endSessions(manager, accountId, keepSessionId);
    });
  }
}

/** Ends the student sessions of a login (all of them, or all but one). */
export async function endSessions(manager: { query: (sql: string, parameters: unknown[]) => Promise<unknown> }, accountId: string, keepSessionId: string | null): Promise<void> {
  await manager.query(
    `DELETE FROM "${SESSION_TABLE}" WHERE sid LIKE $1 AND sess #>> '{student,accountId}' = $2 AND sid IS DISTINCT FROM $3`,
    [`${STUDENT_SESSION_ID_PREFIX}%`, accountId, keepSessionId],
  );
}
