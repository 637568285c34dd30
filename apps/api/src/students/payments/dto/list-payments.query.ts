import { rule } from '@aipm/contracts/dto';
import { IsOptional, IsUUID } from 'class-validator';
import { ListQueryDto } from '../../../common/list/list-query.dto';

/** GET /api/admin/payments: the spec's `?studentId=` beside react-admin's range, sort and filter. */
export class ListPaymentsQuery extends ListQueryDto {
  @IsOptional()
  @IsUUID('all', rule('INVALID_STUDENT_ID'))
  studentId?: string;
}
