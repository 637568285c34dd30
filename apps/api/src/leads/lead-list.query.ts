import { LEAD_MESSAGES } from '@aipm/contracts';
import { IsOptional, IsString } from 'class-validator';

/** The query string of the admin lists and exports: react-admin simple-rest's three JSON parameters, nothing else. */
export class LeadListQuery {
  @IsOptional()
  @IsString({ message: LEAD_MESSAGES.invalidListQuery })
  range?: string;

  @IsOptional()
  @IsString({ message: LEAD_MESSAGES.invalidListQuery })
  sort?: string;

  @IsOptional()
  @IsString({ message: LEAD_MESSAGES.invalidListQuery })
  filter?: string;
}
