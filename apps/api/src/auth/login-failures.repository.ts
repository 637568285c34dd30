import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/**
 * The hourly counts of failed sign-ins that are not audit entries (`login_failures_hourly`, ADR 037): per hour,
 * address and whether the account exists; the email is not kept. The table is not append-only.
 */
@Injectable()
export class LoginFailuresRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Adds 1 to this hour's count of the address, and deletes the hours older than `keptDays` in the same statement. */
  async count(ip: string, accountExists: boolean, keptDays: number): Promise<void> {
    await this.dataSource.query(
      `WITH "pruned" AS (DELETE FROM "login_failures_hourly" WHERE "hour" < date_trunc('hour', now()) - make_interval(days => $3))
       INSERT INTO "login_failures_hourly" ("hour", "ip", "accountExists", "failures") VALUES (date_trunc('hour', now()), $1, $2, 1)
       ON CONFLICT ("hour", "ip", "accountExists") DO UPDATE SET "failures" = "login_failures_hourly"."failures" + 1, "lastAt" = now()`,
      [ip, accountExists, keptDays],
    );
  }
}
