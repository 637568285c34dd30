import type { AuditAction, AuditEntity } from '@aipm/contracts';
import { Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { AuditService } from '../audit/audit.service';
import { LoginFailuresRepository } from './login-failures.repository';

/** Failed sign-ins of one real account recorded one row each in the audit log per hour; the rest are counted. */
export const AUDITED_ACCOUNT_FAILURES_PER_HOUR = 20;
/** Hours of counts kept: each count's write removes the older ones (the table is not append-only). */
export const LOGIN_FAILURE_COUNTS_KEPT_DAYS = 90;

export interface LoginFailureRealm {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | null;
  actorKind?: 'admin' | 'student';
}
const ADMIN_LOGIN_FAILURE: LoginFailureRealm = { action: 'auth.login.fail', entity: 'admin' };

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
    private readonly counts: LoginFailuresRepository,
    private readonly audit: AuditService,
  ) {}

  /** `realm`: what the entry says; the student realm's failures are `student.login.fail` on the account (ADR 061). */
  async record(request: Request, email: string, accountExists: boolean, realm: LoginFailureRealm = ADMIN_LOGIN_FAILURE): Promise<void> {
    // Counted for an unknown email too: both kinds of failure cost the same queries, so timing says nothing.
    const audited = await this.audit.failedSignInsLastHour(email, realm.action);
    if (accountExists && audited < AUDITED_ACCOUNT_FAILURES_PER_HOUR) {
      await this.audit.record(request, { action: realm.action, entity: realm.entity, entityId: realm.entityId ?? null, actorName: email, actorKind: realm.actorKind });
      return;
    }
    try {
      await this.counts.count((request.ip ?? 'unknown').slice(0, 64), accountExists, LOGIN_FAILURE_COUNTS_KEPT_DAYS);
    } catch (error) {
      // A statistic, not an audit entry: losing one must not turn the 401 into a 5xx.
      this.logger.warn(`failed sign-in not counted: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
