import { NotificationCall } from '@aipm/database';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CrawlerCheckSettingsService } from './crawler-check-settings.service';
import { DailySummarySettingsService } from './daily-summary-settings.service';
import { NotificationCallsRepository } from './notification-calls.repository';
import { NotificationCallsService } from './notification-calls.service';
import { PhoneAdminController } from './phone-admin.controller';
import { PhoneTestService } from './phone-test.service';

/**
 * The back office's 通知设置 (docs/product/phone.md#notification-settings-screen): provider status, test calls and
 * the notification log, and the settings of the daily summary call and of the crawler check call.
 */
@Module({
  imports: [TypeOrmModule.forFeature([NotificationCall])],
  controllers: [PhoneAdminController],
  providers: [PhoneTestService, NotificationCallsRepository, NotificationCallsService, DailySummarySettingsService, CrawlerCheckSettingsService],
})
export class NotificationsModule {}
