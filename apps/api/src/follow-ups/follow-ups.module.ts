import { Module } from '@nestjs/common';
import { FollowUpRemindersService } from './follow-up-reminders.service';
import { FollowUpsController } from './follow-ups.controller';
import { FollowUpsRepository } from './follow-ups.repository';
import { FollowUpsService } from './follow-ups.service';

/** Follow-ups of the leads, 今日待办 and the reminders pushed when one falls due (ADR 073). */
@Module({
  controllers: [FollowUpsController],
  providers: [FollowUpsRepository, FollowUpsService, FollowUpRemindersService],
})
export class FollowUpsModule {}
