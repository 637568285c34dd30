import { PUBLIC_JOBS_DEFAULT_LIMIT, PUBLIC_JOBS_MAX_LIMIT } from '@aipm/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { rule } from '@aipm/contracts/dto';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export class ListJobsQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: PUBLIC_JOBS_MAX_LIMIT, default: PUBLIC_JOBS_DEFAULT_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsInt(rule('LIMIT_NOT_INTEGER'))
  @Min(1, rule('LIMIT_TOO_SMALL'))
  @Max(PUBLIC_JOBS_MAX_LIMIT, rule('LIMIT_TOO_LARGE', { message: `limit 最大为 ${PUBLIC_JOBS_MAX_LIMIT}` }))
  limit?: number;
}
