import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import type { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service';

/** Failed sign-ins of one real account recorded one row each in the audit log per hour; the rest are counted. */
export const AUDITED_ACCOUNT_FAILURES_PER_HOUR = 20;
/** Hours of counts kept: each count's write removes the older ones (the table is not append-only). */
export const LOGIN_FAILURE_COUNTS_KEPT_DAYS = 90;

/**
 * Where a wrong-credentials sign-in is written (ADR 037). The audit log is append-only, so a stranger must
 * not be able to add rows at will: a failure for an email that is no administrator's only adds 1 to its
 * address's count of the hour (login_failures_hourly, the email itself is not kept); a failure for the real
 * account is an audit entry naming it, up to AUDITED_ACCOUNT_FAILURES_PER_HOUR an hour, then counted the same
 * way. The account's own pace (the limiter) keeps those few a stranger can cause.
 */
@Injectable()
export class LoginFailures {
  private readonly logger = new Logger(LoginFailures.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  async record(request: Request, email: string, accountExists: boolean): Promise<void> {
    // Counted for an unknown email too: both kinds of failure cost the same queries, so timing says nothing.
    const audited = await this.auditedLastHour(email);
    if (accountExists && audited < AUDITED_ACCOUNT_FAILURES_PER_HOUR) {
      await this.audit.record(request, { action: 'auth.login.fail', entity: 'admin', actorName: email });
      return;
    }
    try {
      await this.dataSource.query(
        `WITH "pruned" AS (DELETE FROM "login_failures_hourly" WHERE "hour" < date_trunc('hour', now()) - make_interval(days => $3))
         INSERT INTO "login_failures_hourly" ("hour", "ip", "accountExists", "failures") VALUES (date_trunc('hour', now()), $1, $2, 1)
         ON CONFLICT ("hour", "ip", "accountExists") DO UPDATE SET "failures" = "login_failures_hourly"."failures" + 1, "lastAt" = now()`,
        [(request.ip ?? 'unknown').slice(0, 64), accountExists, LOGIN_FAILURE_COUNTS_KEPT_DAYS],
      );
    } catch (error) {
      // A statistic, not an audit entry: losing one must not turn the 401 into a 5xx.
      this.logger.warn(`failed sign-in not counted: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async auditedLastHour(email: string): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS "count" FROM "audit_log"
       WHERE "action" = 'auth.login.fail' AND "createdAt" > now() - interval '1 hour' AND "actorName" = $1`,
      [email],
    )) as [{ count: number }];
    return row.count;
  }
}
