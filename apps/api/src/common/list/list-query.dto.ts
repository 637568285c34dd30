import { rule } from '@aipm/contracts/dto';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { MAX_LIST_OFFSET, MAX_PAGE_SIZE } from './list-query';

/** The query string of the admin lists and exports: react-admin simple-rest's three JSON parameters, nothing else. */
export class ListQueryDto {
  @ApiPropertyOptional({
    description: `JSON [first, last] (inclusive) of integers: first at most ${MAX_LIST_OFFSET}, at most ${MAX_PAGE_SIZE} rows a page (INVALID_LIST_QUERY otherwise)`,
    example: '[0,9]',
  })
  @IsOptional()
  @IsString(rule('INVALID_LIST_QUERY'))
  range?: string;

  @ApiPropertyOptional({ description: 'JSON [field, "ASC" | "DESC"]', example: '["createdAt","DESC"]' })
  @IsOptional()
  @IsString(rule('INVALID_LIST_QUERY'))
  sort?: string;

  // The example is what "Try it out" sends: an empty filter finds what a fresh system holds, where a sample search found nothing.
  @ApiPropertyOptional({ description: 'JSON object: q (search), id (one or a list) and the resource\'s own fields, e.g. {"q":"张","status":"new"}', example: '{}' })
  @IsOptional()
  @IsString(rule('INVALID_LIST_QUERY'))
  filter?: string;
}
