import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

const DEPENDENCY_STATUS = ['up', 'down'] as const;
export type DependencyStatus = (typeof DEPENDENCY_STATUS)[number];

export class DependencyHealth {
  @ApiProperty({ enum: DEPENDENCY_STATUS, example: 'up' })
  status!: DependencyStatus;

  @ApiProperty({ description: 'Time the check took, in milliseconds', example: 3 })
  latencyMs!: number;

  @ApiPropertyOptional({ description: 'Why the dependency is down', example: 'connect ECONNREFUSED 127.0.0.1:5432' })
  error?: string;
}

class DependenciesHealth {
  @ApiProperty({ type: DependencyHealth })
  database!: DependencyHealth;

  @ApiProperty({ type: DependencyHealth })
  redis!: DependencyHealth;

  @ApiProperty({ type: DependencyHealth })
  storage!: DependencyHealth;
}

export class WorkerHealth {
  @ApiProperty({ enum: DEPENDENCY_STATUS, description: 'Whether a crawl worker sent a heartbeat recently', example: 'up' })
  status!: DependencyStatus;

  @ApiPropertyOptional({ description: 'Time of the last heartbeat (ISO 8601)', example: '2026-11-24T08:30:00.000Z' })
  lastBeatAt?: string;
}

/** What anyone may see: up or down, nothing about what is inside (docs/product/README.md#visitor). */
export class PublicHealthResponse {
  @ApiProperty({ enum: ['ok', 'error'], description: 'ok only when the database, Redis and storage are all up', example: 'ok' })
  status!: 'ok' | 'error';
}

/** The administrator's view: each dependency with its latency and error, and the worker. */
export class HealthResponse {
  @ApiProperty({ enum: ['ok', 'error'], description: 'ok only when the database, Redis and storage are all up', example: 'ok' })
  status!: 'ok' | 'error';

  @ApiProperty({ type: DependenciesHealth })
  dependencies!: DependenciesHealth;

  @ApiProperty({ type: WorkerHealth, description: 'Informational: a missing worker does not make the API unhealthy' })
  worker!: WorkerHealth;

  @ApiProperty({ description: 'Seconds since this API process started', example: 86400 })
  uptimeSeconds!: number;
}
