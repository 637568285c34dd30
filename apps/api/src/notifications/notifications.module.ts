import { NotificationCall } from '@aipm/database';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DailySummarySettingsService } from './daily-summary-settings.service';
import { NotificationCallsRepository } from './notification-calls.repository';
import { NotificationCallsService } from './notification-calls.service';
import { PhoneAdminController } from './phone-admin.controller';
import { PhoneTestService } from './phone-test.service';

/**
 * The back office's 通知设置 (docs/product/phone.md#notification-settings-screen): provider status, test calls and
 * the notification log, and the daily summary call's setting.
 */
@Module({
  imports: [TypeOrmModule.forFeature([NotificationCall])],
  controllers: [PhoneAdminController],
  providers: [PhoneTestService, NotificationCallsRepository, NotificationCallsService, DailySummarySettingsService],
})
export class NotificationsModule {}
