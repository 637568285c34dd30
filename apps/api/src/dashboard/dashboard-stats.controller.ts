import type { AdminStatsResponse, DashboardChartsResponse, FirstContactResponse, SourceFunnelResponse } from '@aipm/contracts';
import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer } from '../common/openapi/api-answers';
import { ADMIN_STATS, DASHBOARD_CHARTS, FIRST_CONTACT, SOURCE_FUNNEL } from './docs/dashboard.docs';
import { LeadFollowUpService } from './lead-follow-up.service';
import { DashboardChartsService } from './dashboard-charts.service';
import { DashboardStatsService } from './dashboard-stats.service';

@ApiTags('admin dashboard')
@Controller('admin/stats')
export class DashboardStatsController {
  constructor(
    private readonly statsService: DashboardStatsService,
    private readonly chartsService: DashboardChartsService,
    private readonly followUp: LeadFollowUpService,
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

  @Get('first-contact')
  @ApiAnswer(FIRST_CONTACT, { description: 'Every week of the window, zero-filled' })
  @ApiOperation({ summary: 'Median time from arrival to first contact per ISO week of arrival (12 Asia/Shanghai weeks), with the leads still new' })
  async firstContact(): Promise<FirstContactResponse> {
    return { success: true, data: await this.followUp.firstContact() };
  }

  @Get('source-funnel')
  @ApiAnswer(SOURCE_FUNNEL, { description: 'One row per first-touch source, most leads first' })
  @ApiOperation({ summary: 'The funnel new → contacted → enrolled per first-touch source (utm_source, else referrer host, else direct) over 12 weeks, with rates' })
  async sourceFunnel(): Promise<SourceFunnelResponse> {
    return { success: true, data: await this.followUp.sourceFunnel() };
  }
}
