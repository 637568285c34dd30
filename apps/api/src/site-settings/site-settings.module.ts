import { Module } from '@nestjs/common';
import { CohortsModule } from '../cohorts/cohorts.module';
import { OutcomesReportModule } from '../outcomes-report/outcomes-report.module';
import { PublicSiteSettingsController, SiteSettingsAdminController } from './site-settings.controller';
import { SiteSettingsChanges } from './site-settings-changes';
import { SiteSettingsService } from './site-settings.service';

/** Site settings (docs/product/back-office.md#site-settings): edited in the back office, read by the site's server. */
@Module({
  imports: [CohortsModule, OutcomesReportModule],
  controllers: [PublicSiteSettingsController, SiteSettingsAdminController],
  providers: [SiteSettingsService, SiteSettingsChanges],
  exports: [SiteSettingsChanges],
})
export class SiteSettingsModule {}
