import { type DynamicModule, Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { AdminConfigModule } from '../common/admin-config/admin-config.module';
import { ComputedCacheModule } from '../common/computed-cache/computed-cache.module';
import { ApiConfigModule } from '../config/api-config.module';
import { CrawlerModule } from '../crawler/crawler.module';
import type { ApiEnv } from '../config/api-env';
import { DashboardModule } from '../dashboard/dashboard.module';
import { DatabaseModule } from '../database/database.module';
import { HealthModule } from '../health/health.module';
import { JobsModule } from '../jobs/jobs.module';
import { PeopleModule } from '../people/people.module';
import { LoggingModule } from '../logging/logging.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { PublishedJobsAdminModule } from '../published-jobs/published-jobs-admin.module';
import { QueueModule } from '../queue/queue.module';
import { MetricsModule } from '../metrics/metrics.module';
import { RedisModule } from '../redis/redis.module';
import { StorageModule } from '../storage/storage.module';
import { SiteSettingsModule } from '../site-settings/site-settings.module';
import { LandingContentModule } from '../landing-content/landing-content.module';
import { WechatModule } from '../wechat/wechat.module';
import { ContractsModule } from '../students/contracts/contracts.module';
import { OutcomesModule } from '../students/outcomes/outcomes.module';
import { GuaranteeModule } from '../guarantee/guarantee.module';
import { LeadSettingsModule } from '../lead-settings/lead-settings.module';
import { FollowUpsModule } from '../follow-ups/follow-ups.module';
import { LeadImportsModule } from '../lead-imports/lead-imports.module';
import { OutcomesReportModule } from '../outcomes-report/outcomes-report.module';
import { BackupsModule } from '../backups/backups.module';
import { SystemAlertsModule } from '../system-alerts/system-alerts.module';
import { PaymentsModule } from '../students/payments/payments.module';
import { StudentAccountsModule } from '../students/student-accounts/student-accounts.module';
import { StudentsModule } from '../students/students.module';
import { EnrolmentModule } from '../enrolment/enrolment.module';
import { CohortsModule } from '../cohorts/cohorts.module';
import { UploadsModule } from '../uploads/uploads.module';
import { StudentPortalModule } from '../student-portal/student-portal.module';

@Module({})
export class AppModule {
  /** The environment is validated before the module graph is built, so every provider sees good values. */
  static register(env: ApiEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ApiConfigModule.forRoot(env),
        LoggingModule,
        DatabaseModule,
        AdminConfigModule,
        ComputedCacheModule,
        RedisModule,
        StorageModule,
        QueueModule,
        MetricsModule,
        HealthModule,
        AuditModule,
        AuthModule,
        DashboardModule,
        JobsModule,
        PeopleModule,
        CrawlerModule,
        PublishedJobsAdminModule,
        WechatModule,
        SiteSettingsModule,
        LandingContentModule,
        NotificationsModule,
        UploadsModule,
        StudentsModule,
        EnrolmentModule,
        StudentPortalModule,
        CohortsModule,
        ContractsModule,
        OutcomesModule,
        GuaranteeModule,
        LeadSettingsModule,
        FollowUpsModule,
        LeadImportsModule,
        OutcomesReportModule,
        BackupsModule,
        SystemAlertsModule,
        PaymentsModule,
        StudentAccountsModule,
      ],
    };
  }
}
