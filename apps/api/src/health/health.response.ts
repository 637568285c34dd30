import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

const DEPENDENCY_STATUS = ['up', 'down'] as const;
export type DependencyStatus = (typeof DEPENDENCY_STATUS)[number];

export class DependencyHealth {
  @ApiProperty({ enum: DEPENDENCY_STATUS })
  status!: DependencyStatus;

  @ApiProperty({ description: 'Time the check took, in milliseconds' })
  latencyMs!: number;

  @ApiPropertyOptional({ description: 'Why the dependency is down' })
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
  @ApiProperty({ enum: DEPENDENCY_STATUS, description: 'Whether a crawl worker sent a heartbeat recently' })
  status!: DependencyStatus;

  @ApiPropertyOptional({ description: 'Time of the last heartbeat (ISO 8601)' })
  lastBeatAt?: string;
}

/** What anyone may see: up or down, nothing about what is inside (issue 12 item 9). */
export class PublicHealthResponse {
  @ApiProperty({ enum: ['ok', 'error'], description: 'ok only when the database, Redis and storage are all up' })
  status!: 'ok' | 'error';
}

/** The administrator's view: each dependency with its latency and error, and the worker. */
export class HealthResponse {
  @ApiProperty({ enum: ['ok', 'error'], description: 'ok only when the database, Redis and storage are all up' })
  status!: 'ok' | 'error';

  @ApiProperty({ type: DependenciesHealth })
  dependencies!: DependenciesHealth;

  @ApiProperty({ type: WorkerHealth, description: 'Informational: a missing worker does not make the API unhealthy' })
  worker!: WorkerHealth;

  @ApiProperty({ description: 'Seconds since this API process started' })
  uptimeSeconds!: number;
}
