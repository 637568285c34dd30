import { Module } from '@nestjs/common';
import { LeadSettingsController } from './lead-settings.controller';
import { LeadSettingsService } from './lead-settings.service';

/** 线索设置: the reasons list, which the registrations' and messages' status changes read. */
// admin_config's repository is global (AdminConfigModule).
@Module({
  controllers: [LeadSettingsController],
  providers: [LeadSettingsService],
  exports: [LeadSettingsService],
})
export class LeadSettingsModule {}
