import type { AdminStatsResponse } from '@aipm/contracts';
import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer } from '../common/openapi/api-answers';
import { ADMIN_STATS } from './docs/dashboard.docs';
import { DashboardStatsService } from './dashboard-stats.service';

@ApiTags('admin dashboard')
@Controller('admin/stats')
export class DashboardStatsController {
  constructor(private readonly statsService: DashboardStatsService) {}

  @Get()
  @ApiAnswer(ADMIN_STATS, { description: 'The three counts' })
  @ApiOperation({ summary: 'The three dashboard cards: registrations, consultation messages, registrations today (Asia/Shanghai)' })
  async stats(): Promise<AdminStatsResponse> {
    return { success: true, data: await this.statsService.stats() };
  }
}
