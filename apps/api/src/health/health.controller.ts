import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/decorators/public.decorator';
import { HealthResponse } from './health.response';
import { HealthService } from './health.service';

@ApiTags('operations')
@Public() // probes and the front door's readiness check run without a session
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOkResponse({ type: HealthResponse, description: 'Database, Redis and storage are all up' })
  @ApiServiceUnavailableResponse({ type: HealthResponse, description: 'At least one of them is down' })
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthResponse> {
    const report = await this.health.report();
    response.status(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    response.setHeader('Cache-Control', 'no-store');
    return report;
  }
}
