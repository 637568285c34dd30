import { PUBLIC_JOBS_DEFAULT_LIMIT, PUBLIC_JOBS_MAX_LIMIT } from '@aipm/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export class ListJobsQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: PUBLIC_JOBS_MAX_LIMIT, default: PUBLIC_JOBS_DEFAULT_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit 必须是整数' })
  @Min(1, { message: 'limit 至少为 1' })
  @Max(PUBLIC_JOBS_MAX_LIMIT, { message: `limit 最大为 ${PUBLIC_JOBS_MAX_LIMIT}` })
  limit?: number;
}
