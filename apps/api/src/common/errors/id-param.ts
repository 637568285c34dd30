import type { ErrorCode } from '@aipm/contracts';
import { ParseUUIDPipe } from '@nestjs/common';
import { InvalidInputError } from './api.error';

/**
 * A route id that is not a UUID is a malformed request: 400 with the resource's code (任务ID格式无效 …) on
 * every route, never 404, so a typo is told apart from a record that is gone (docs/decisions/013).
 */
export const idParam = (code: ErrorCode): ParseUUIDPipe =>
  new ParseUUIDPipe({ exceptionFactory: () => InvalidInputError.forField('id', code) });
