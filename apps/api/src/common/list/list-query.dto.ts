import { rule } from '@aipm/contracts/dto';
import { IsOptional, IsString } from 'class-validator';

/** The query string of the admin lists and exports: react-admin simple-rest's three JSON parameters, nothing else. */
export class ListQueryDto {
  @IsOptional()
  @IsString(rule('INVALID_LIST_QUERY'))
  range?: string;

  @IsOptional()
  @IsString(rule('INVALID_LIST_QUERY'))
  sort?: string;

  @IsOptional()
  @IsString(rule('INVALID_LIST_QUERY'))
  filter?: string;
}
