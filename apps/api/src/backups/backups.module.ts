import { BackupRun } from '@aipm/database';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BackupEventsService } from './backup-events.service';
import { BackupsController } from './backups.controller';
import { BackupsService } from './backups.service';

/** 数据备份 (docs/product/backups.md#in-the-back-office): the worker makes the backups; the API shows and starts them. */
@Module({
  imports: [TypeOrmModule.forFeature([BackupRun])],
  controllers: [BackupsController],
  providers: [BackupsService, BackupEventsService],
})
export class BackupsModule {}
