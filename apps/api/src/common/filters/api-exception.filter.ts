import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';

const INTERNAL_ERROR_MESSAGE = '服务器内部错误，请稍后重试';

/**
 * Every failure leaves the API as `{ success: false, message }` (plus `errors` on a validation error), the
 * envelope the admin and the web read (spec §7: "failure carries message"). Unknown errors become a 500
 * whose details stay in the log.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(ApiExceptionFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    if (exception instanceof HttpException) {
      response.status(exception.getStatus()).json(toBody(exception));
      return;
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    response.status(HttpStatus.INTERNAL_SERVER_ERROR).json({ success: false, message: INTERNAL_ERROR_MESSAGE });
  }
}

function toBody(exception: HttpException): Record<string, unknown> {
  const payload = exception.getResponse();
  if (typeof payload === 'string') return { success: false, message: payload };
  const { message, error: _error, statusCode: _statusCode, ...rest } = payload as Record<string, unknown>;
  // Nest's own exceptions may carry a list of messages: the first one is what a person reads.
  const text = Array.isArray(message) ? String(message[0] ?? exception.message) : String(message ?? exception.message);
  return { ...rest, success: false, message: text };
}
