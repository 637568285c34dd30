import { Module } from '@nestjs/common';
import { DashboardStatsController } from './dashboard-stats.controller';
import { DashboardStatsService } from './dashboard-stats.service';

@Module({ controllers: [DashboardStatsController], providers: [DashboardStatsService] })
export class DashboardModule {}
