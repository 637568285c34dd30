import { Module } from '@nestjs/common';
import { DashboardChartsService } from './dashboard-charts.service';
import { DashboardStatsController } from './dashboard-stats.controller';
import { DashboardStatsService } from './dashboard-stats.service';
import { LeadFollowUpService } from './lead-follow-up.service';

@Module({ controllers: [DashboardStatsController], providers: [DashboardStatsService, DashboardChartsService, LeadFollowUpService] })
export class DashboardModule {}
