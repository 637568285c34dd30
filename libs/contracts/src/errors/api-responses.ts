import type { ErrorCode } from './error-catalog';

/*
 * The API's envelopes (failures: docs/product/errors.md#error-envelope). Naming rule: a type named `…Response` is
 * what the API sends: a whole body shaped by hand (AdminCheckResponse), or a record inside these envelopes
 * (RegistrationResponse, CrawlTaskResponse); the envelopes themselves are the three generics below.
 */

/** One record (or a call's outcome) in `{ success, data }`, with the documented message where there is one. */
export interface ApiDataResponse<T> {
  success: true;
  message?: string;
  data: T;
}

/**
 * Set (to `true`) beside Content-Range when the list's total is the database's estimate, not a count: more
 * rows match than are worth counting on every page (ADR 028). The back office then says "about".
 */
export const LIST_TOTAL_ESTIMATED_HEADER = 'X-Total-Estimated';

/** Admin lists: react-admin simple-rest parameters in, `Content-Range: <resource> <from>-<to>/<total>` out. */
export interface ApiListResponse<T> {
  success: true;
  data: T[];
}

/**
 * Every failure of the API. `code` names what went wrong (clients translate by it), `message` is the Chinese
 * text of docs/product/errors.md; a validation failure (400) adds each failing field's message and code,
 * `message` and `code` being those of the first failing rule.
 */
export interface ApiErrorResponse {
  success: false;
  code: ErrorCode;
  message: string;
  errors?: Record<string, string>;
  fieldCodes?: Record<string, ErrorCode>;
  /** The record a 409 conflicts with, for the client to link (ALREADY_ENROLLED: the existing student). */
  existingId?: string;
}
