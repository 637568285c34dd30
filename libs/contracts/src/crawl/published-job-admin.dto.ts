import { IsBoolean } from 'class-validator';
import { rule } from '../validation/rule';

/** PATCH /api/admin/published-jobs/{id}/status: show (true) or deactivate (false). */
export class UpdatePublishedJobStatusDto {
  @IsBoolean(rule('INVALID_IS_ACTIVE'))
  isActive!: boolean;
}
