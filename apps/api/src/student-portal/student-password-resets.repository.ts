import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { endSessions } from './student-logins.repository';

export type ResetOutcome =
  | { status: 'done'; accountId: string; username: string }
  | { status: 'not_found' | 'used' | 'expired' };

/** `student_password_resets`: the administrator's one-time links, by the hash of their token (ADR 061). */
@Injectable()
export class StudentPasswordResetsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A new link for the login; the login's earlier unused links stop working (only the newest one is handed on). */
  async create(accountId: string, tokenHash: string, createdBy: string | null, validHours: number): Promise<Date> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`UPDATE student_password_resets SET "expiresAt" = now() WHERE "accountId" = $1 AND "usedAt" IS NULL AND "expiresAt" > now()`, [accountId]);
      const [row] = (await manager.query(
        `INSERT INTO student_password_resets ("accountId", "tokenHash", "createdBy", "expiresAt")
         VALUES ($1, $2, $3, now() + make_interval(hours => $4::int)) RETURNING "expiresAt"`,
        [accountId, tokenHash, createdBy, validHours],
      )) as [{ expiresAt: Date }];
      return row.expiresAt;
    });
  }

  /**
   * Uses the link once: under a lock of its row, so two uses at the same moment set one password. Sets the hash,
   * marks the link used and ends every session of the login, all or nothing.
   */
  consume(tokenHash: string, passwordHash: string): Promise<ResetOutcome> {
    return this.dataSource.transaction(async (manager) => {
      const [link] = (await manager.query(
        `SELECT reset.id, reset."accountId", reset."usedAt", reset."expiresAt" <= now() AS expired, account.username
         FROM student_password_resets AS reset JOIN student_accounts AS account ON account.id = reset."accountId" AND account.kind = 'student_login'
         WHERE reset."tokenHash" = $1 FOR UPDATE OF reset`,
        [tokenHash],
      )) as { id: string; accountId: string; usedAt: Date | null; expired: boolean; username: string }[];
      if (!link) return { status: 'not_found' };
      if (link.usedAt) return { status: 'used' };
      if (link.expired) return { status: 'expired' };
      await manager.query(`UPDATE student_password_resets SET "usedAt" = now() WHERE id = $1`, [link.id]);
      await manager.query(`UPDATE student_accounts SET password = $2, "updatedAt" = now() WHERE id = $1`, [link.accountId, passwordHash]);
      await endSessions(manager, link.accountId, null);
      return { status: 'done', accountId: link.accountId, username: link.username };
    });
  }
}
