import { ParseUUIDPipe } from '@nestjs/common';
import { ValidationFailedException } from '../../common/validation/validation-failed.exception';

/** A route id that is not a UUID answers 400 with the spec's message (任务ID格式无效 / 结果ID格式无效). */
export const uuidParam = (message: string): ParseUUIDPipe =>
  new ParseUUIDPipe({ exceptionFactory: () => new ValidationFailedException({ id: message }) });
