import { BackupRun } from '@aipm/database';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SystemAlertsController } from './system-alerts.controller';
import { SystemAlertsService } from './system-alerts.service';

/** The dashboard's alerts without Prometheus (docs/product/operations.md#on-the-dashboard). */
@Module({
  imports: [TypeOrmModule.forFeature([BackupRun])],
  controllers: [SystemAlertsController],
  providers: [SystemAlertsService],
})
export class SystemAlertsModule {}
