import { type ApiErrorResponse, ERROR_MESSAGES, type ErrorCode } from '@aipm/contracts';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { ApiError } from './api.error';
import { isDatabaseUnavailable } from './database-unavailable';

/**
 * Seconds a client is asked to wait after a 503: a PostgreSQL restart takes a few seconds, and a form that
 * retries at once only adds to the queue of a server coming back.
 */
export const RETRY_AFTER_SECONDS = 3;

/**
 * The HTTP status of each code; a code not listed is a refused input (400). One table, so the same failure
 * answers the same status on every route.
 */
const STATUS_OF_CODE: Partial<Record<ErrorCode, HttpStatus>> = {
  INTERNAL_ERROR: HttpStatus.INTERNAL_SERVER_ERROR,
  NOT_FOUND: HttpStatus.NOT_FOUND,
  BODY_TOO_LARGE: HttpStatus.PAYLOAD_TOO_LARGE,
  HEADERS_TOO_LARGE: 431 as HttpStatus, // Nest's HttpStatus has no 431 (answered by answerUnparsableRequests)
  UNAUTHORIZED: HttpStatus.UNAUTHORIZED,
  INVALID_CREDENTIALS: HttpStatus.UNAUTHORIZED,
  ADMIN_EXISTS: HttpStatus.FORBIDDEN,
  CROSS_SITE_REQUEST: HttpStatus.FORBIDDEN,
  LOGIN_RATE_LIMITED: HttpStatus.TOO_MANY_REQUESTS,
  LOGIN_THROTTLED: HttpStatus.TOO_MANY_REQUESTS,
  LOGIN_UNAVAILABLE: HttpStatus.SERVICE_UNAVAILABLE,
  SESSION_UNAVAILABLE: HttpStatus.SERVICE_UNAVAILABLE,
  FORM_RATE_LIMITED: HttpStatus.TOO_MANY_REQUESTS,
  LEAD_NOT_FOUND: HttpStatus.NOT_FOUND,
  FOLLOW_UP_NOT_FOUND: HttpStatus.NOT_FOUND,
  FOLLOW_UP_ALREADY_DONE: HttpStatus.CONFLICT,
  LEAD_IMPORT_FILE_TOO_LARGE: HttpStatus.PAYLOAD_TOO_LARGE,
  LEAD_IMPORT_NOT_FOUND: HttpStatus.NOT_FOUND,
  LEAD_IMPORT_ALREADY_UNDONE: HttpStatus.CONFLICT,
  LEAD_IMPORT_CHANGED_SINCE: HttpStatus.CONFLICT,
  LEAD_MERGE_NOT_FOUND: HttpStatus.NOT_FOUND,
  LEAD_ALREADY_MERGED: HttpStatus.CONFLICT,
  LEAD_HAS_MERGED_RECORDS: HttpStatus.CONFLICT,
  LEAD_MERGE_ALREADY_UNDONE: HttpStatus.CONFLICT,
  LEAD_MERGE_STALE: HttpStatus.CONFLICT,
  TASK_NOT_FOUND: HttpStatus.NOT_FOUND,
  RESULT_NOT_FOUND: HttpStatus.NOT_FOUND,
  JOB_NOT_FOUND: HttpStatus.NOT_FOUND,
  TASK_RUNNING: HttpStatus.CONFLICT,
  REVIEW_ONLY_PENDING: HttpStatus.CONFLICT,
  PUBLISH_ONLY_APPROVED: HttpStatus.CONFLICT,
  DUPLICATE_SOURCE_URL: HttpStatus.CONFLICT,
  CRAWL_FAILED: HttpStatus.BAD_GATEWAY,
  CRAWLER_TEST_FAILED: HttpStatus.BAD_GATEWAY,
  CRAWLER_UNAVAILABLE: HttpStatus.SERVICE_UNAVAILABLE,
  CRAWLER_TEST_TIMED_OUT: HttpStatus.GATEWAY_TIMEOUT,
  LIVE_VIEW_UNAVAILABLE: HttpStatus.SERVICE_UNAVAILABLE,
  LIVE_VIEW_CLOSED: HttpStatus.CONFLICT,
  LIVE_VIEW_TIMED_OUT: HttpStatus.GATEWAY_TIMEOUT,
  SITE_SESSION_NOT_FOUND: HttpStatus.NOT_FOUND,
  WECHAT_NOT_CONFIGURED: HttpStatus.SERVICE_UNAVAILABLE,
  SIGNATURE_URL_NOT_ALLOWED: HttpStatus.FORBIDDEN,
  SIGNATURE_RATE_LIMITED: HttpStatus.TOO_MANY_REQUESTS,
  WECHAT_API_FAILED: HttpStatus.BAD_GATEWAY,
  SHARE_PAGE_URL_TAKEN: HttpStatus.CONFLICT,
  SHARE_CONFIG_NOT_FOUND: HttpStatus.NOT_FOUND,
  STUDENT_NOT_FOUND: HttpStatus.NOT_FOUND,
  CONTRACT_NOT_FOUND: HttpStatus.NOT_FOUND,
  PAYMENT_NOT_FOUND: HttpStatus.NOT_FOUND,
  ACCOUNT_NOT_FOUND: HttpStatus.NOT_FOUND,
  COHORT_NOT_FOUND: HttpStatus.NOT_FOUND,
  LANDING_PUBLICATION_NOT_FOUND: HttpStatus.NOT_FOUND,
  LANDING_IMAGE_NOT_FOUND: HttpStatus.NOT_FOUND,
  LANDING_IMAGE_TOO_LARGE: HttpStatus.PAYLOAD_TOO_LARGE,
  COHORT_NAME_TAKEN: HttpStatus.CONFLICT,
  COHORT_HAS_STUDENTS: HttpStatus.CONFLICT,
  COHORT_FULL: HttpStatus.CONFLICT,
  CAPACITY_BELOW_SEATS: HttpStatus.CONFLICT,
  STUDENT_NOT_IN_COHORT: HttpStatus.CONFLICT,
  OUTCOME_NOT_FOUND: HttpStatus.NOT_FOUND,
  OUTCOME_NOT_PENDING: HttpStatus.CONFLICT,
  OFFER_REPORT_RATE_LIMITED: HttpStatus.TOO_MANY_REQUESTS,
  FILE_IS_EVIDENCE: HttpStatus.CONFLICT,
  AUDIT_ENTRY_NOT_FOUND: HttpStatus.NOT_FOUND,
  FILE_NOT_FOUND: HttpStatus.NOT_FOUND,
  STUDENT_FILE_NOT_FOUND: HttpStatus.NOT_FOUND,
  FILE_ALREADY_SAVED: HttpStatus.CONFLICT,
  UPLOAD_ALREADY_CONFIRMED: HttpStatus.CONFLICT,
  CONTRACT_NUMBER_TAKEN: HttpStatus.CONFLICT,
  ALREADY_ENROLLED: HttpStatus.CONFLICT,
  PAYMENT_NUMBER_TAKEN: HttpStatus.CONFLICT,
  USERNAME_TAKEN: HttpStatus.CONFLICT,
  ACCOUNT_EMAIL_TAKEN: HttpStatus.CONFLICT,
  BACKUP_ALREADY_RUNNING: HttpStatus.CONFLICT,
  STORAGE_UNAVAILABLE: HttpStatus.SERVICE_UNAVAILABLE,
  DATABASE_UNAVAILABLE: HttpStatus.SERVICE_UNAVAILABLE,
  ALIYUN_NOT_CONFIGURED: HttpStatus.SERVICE_UNAVAILABLE,
  PHONE_NOT_CONFIGURED: HttpStatus.SERVICE_UNAVAILABLE,
  ALIYUN_CONNECTION_FAILED: HttpStatus.BAD_GATEWAY,
  ALIYUN_PHONE_TEST_FAILED: HttpStatus.BAD_GATEWAY,
  PHONE_TEST_FAILED: HttpStatus.BAD_GATEWAY,
  NOTIFICATION_CALL_NOT_FOUND: HttpStatus.NOT_FOUND,
  STUDENT_UNAUTHORIZED: HttpStatus.UNAUTHORIZED,
  STUDENT_INVALID_CREDENTIALS: HttpStatus.UNAUTHORIZED,
  STUDENT_ACCOUNT_SUSPENDED: HttpStatus.FORBIDDEN,
  STUDENT_ACCOUNT_INACTIVE: HttpStatus.FORBIDDEN,
  RESET_LINK_NOT_FOUND: HttpStatus.NOT_FOUND,
  RESET_LINK_USED: HttpStatus.GONE,
  RESET_LINK_EXPIRED: HttpStatus.GONE,
};

export function statusOf(code: ErrorCode): HttpStatus {
  return STATUS_OF_CODE[code] ?? HttpStatus.BAD_REQUEST;
}

/** What a framework or library exception (route not found, a guard's refusal) is in our codes. */
function codeOfStatus(status: number): ErrorCode {
  if (status >= 500) return 'INTERNAL_ERROR';
  switch (status) {
    case HttpStatus.BAD_REQUEST:
      return 'BAD_REQUEST';
    case HttpStatus.UNAUTHORIZED:
      return 'UNAUTHORIZED';
    case HttpStatus.NOT_FOUND:
      return 'NOT_FOUND';
    case HttpStatus.PAYLOAD_TOO_LARGE:
      return 'BODY_TOO_LARGE';
    default:
      return 'REQUEST_FAILED';
  }
}

/** The envelope of a failure answered outside Nest's pipeline (body parser, Bull Board's guard). */
export function errorBody(code: ErrorCode): ApiErrorResponse {
  return { success: false, code, message: ERROR_MESSAGES[code] };
}

/**
 * Every failure leaves the API as `{ success: false, code, message }` (plus `errors` and `fieldCodes` on a
 * validation error), the envelope the admin and the web read (docs/product/errors.md#error-envelope; clients
 * translate by code). A database outage is a 503 DATABASE_UNAVAILABLE; every 503 says Retry-After. Unknown
 * errors become a 500 whose details stay in the log.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(ApiExceptionFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    if (exception instanceof ApiError) {
      const status = statusOf(exception.code);
      if (status === HttpStatus.SERVICE_UNAVAILABLE) response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      response.status(status).json(exception.toResponse());
      return;
    }
    if (exception instanceof HttpException) {
      // A framework answer (unknown route, a library's guard): its status stands, its English text does not.
      const status = exception.getStatus();
      response.status(status).json(errorBody(codeOfStatus(status)));
      return;
    }
    if (isDatabaseUnavailable(exception)) {
      // An outage, not a bug: one line, no stack, and the client told when to come back.
      this.logger.warn(`database unavailable: ${String((exception as { message?: unknown }).message)}`);
      response.status(HttpStatus.SERVICE_UNAVAILABLE).setHeader('Retry-After', String(RETRY_AFTER_SECONDS)).json(errorBody('DATABASE_UNAVAILABLE'));
      return;
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    response.status(HttpStatus.INTERNAL_SERVER_ERROR).json(errorBody('INTERNAL_ERROR'));
  }
}
