import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/decorators/public.decorator';
import { HealthResponse, PublicHealthResponse } from './health.response';
import { HealthService } from './health.service';

/**
 * Probes and the front door's readiness check read `GET /api/health` without a session: up or down only.
 * Latencies, error texts and the worker's state tell an attacker what runs inside and how it is failing, so
 * they are the administrator's (`GET /api/admin/health`, the session guard applies).
 */
@ApiTags('operations')
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Public()
  @Get('health')
  @ApiOperation({ summary: 'Up (200) or down (503), for probes; details at /api/admin/health' })
  @ApiOkResponse({ type: PublicHealthResponse, description: 'Database, Redis and storage are all up' })
  @ApiServiceUnavailableResponse({ type: PublicHealthResponse, description: 'At least one of them is down' })
  async check(@Res({ passthrough: true }) response: Response): Promise<PublicHealthResponse> {
    const { status } = await this.report(response);
    return { status };
  }

  @Get('admin/health')
  @ApiOperation({ summary: 'Each dependency with its latency and error, and the worker heartbeat (administrator)' })
  @ApiOkResponse({ type: HealthResponse, description: 'Database, Redis and storage are all up' })
  @ApiServiceUnavailableResponse({ type: HealthResponse, description: 'At least one of them is down' })
  details(@Res({ passthrough: true }) response: Response): Promise<HealthResponse> {
    return this.report(response);
  }

  private async report(response: Response): Promise<HealthResponse> {
    const report = await this.health.report();
    response.status(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    response.setHeader('Cache-Control', 'no-store');
    return report;
  }
}
