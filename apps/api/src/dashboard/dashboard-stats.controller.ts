import type { AdminStatsResponse, DashboardChartsResponse } from '@aipm/contracts';
import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer } from '../common/openapi/api-answers';
import { ADMIN_STATS, DASHBOARD_CHARTS } from './docs/dashboard.docs';
import { DashboardChartsService } from './dashboard-charts.service';
import { DashboardStatsService } from './dashboard-stats.service';

@ApiTags('admin dashboard')
@Controller('admin/stats')
export class DashboardStatsController {
  constructor(
    private readonly statsService: DashboardStatsService,
    private readonly chartsService: DashboardChartsService,
  ) {}

  @Get()
  @ApiAnswer(ADMIN_STATS, { description: 'The three counts' })
  @ApiOperation({ summary: 'The three dashboard cards: registrations, consultation messages, registrations today (Asia/Shanghai)' })
  async stats(): Promise<AdminStatsResponse> {
    return { success: true, data: await this.statsService.stats() };
  }

  @Get('charts')
  @ApiAnswer(DASHBOARD_CHARTS, { description: 'Every chart series, zero-filled' })
  @ApiOperation({
    summary:
      'The dashboard charts: leads per day (30 Asia/Shanghai days), leads by first-touch source, the follow-up funnel, crawl yield per site per day, completed payments per month (12 months, cents)',
  })
  async charts(): Promise<DashboardChartsResponse> {
    return { success: true, data: await this.chartsService.charts() };
  }
}
