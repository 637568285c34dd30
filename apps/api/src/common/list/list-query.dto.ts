import { rule } from '@aipm/contracts/dto';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

/** The query string of the admin lists and exports: react-admin simple-rest's three JSON parameters, nothing else. */
export class ListQueryDto {
  @ApiPropertyOptional({ description: 'JSON [first, last] (inclusive); at most 1,000 rows a page', example: '[0,9]' })
  @IsOptional()
  @IsString(rule('INVALID_LIST_QUERY'))
  range?: string;

  @ApiPropertyOptional({ description: 'JSON [field, "ASC" | "DESC"]', example: '["createdAt","DESC"]' })
  @IsOptional()
  @IsString(rule('INVALID_LIST_QUERY'))
  sort?: string;

  @ApiPropertyOptional({ description: 'JSON object: q (search), id (one or a list) and the resource\'s own fields', example: '{"q":"张","status":"new"}' })
  @IsOptional()
  @IsString(rule('INVALID_LIST_QUERY'))
  filter?: string;
}
