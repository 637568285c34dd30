import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuditController } from './audit.controller';
import { AuditInterceptor } from './audit.interceptor';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

/**
 * The audit log (docs/product/back-office.md#audit-log, ADR 030). Global: any feature injects AuditService to record an
 * action of its own; routes declare theirs with @Audited(), which the interceptor here records.
 */
@Global()
@Module({
  controllers: [AuditController],
  providers: [AuditRepository, AuditService, { provide: APP_INTERCEPTOR, useClass: AuditInterceptor }],
  exports: [AuditService],
})
export class AuditModule {}
