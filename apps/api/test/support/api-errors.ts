import { type ApiErrorResponse, type ErrorCode, ERROR_MESSAGES } from '@aipm/contracts';

/** The envelope of a failure with this code: the catalog's message unless the answer words it itself. */
export function apiError(code: ErrorCode, message: string = ERROR_MESSAGES[code]): ApiErrorResponse {
  return { success: false, code, message };
}

/** A 400 naming every failing field by code, in the form's order; `code` and `message` are the first field's. */
export function invalidInput(fields: Record<string, ErrorCode>): ApiErrorResponse {
  const entries = Object.entries(fields);
  const [, first] = entries[0]!;
  return {
    success: false,
    code: first,
    message: ERROR_MESSAGES[first],
    errors: Object.fromEntries(entries.map(([field, code]) => [field, ERROR_MESSAGES[code]])),
    fieldCodes: fields,
  };
}

/**
 * A 400 whose `field` failed with `message` (the words of a rules table in docs/product/validation.md), reported under
 * the code whose catalog text that is, so a client translating by code shows the same rule.
 */
export function expectFieldError(body: ApiErrorResponse, field: string, message: string): void {
  expect(body).toMatchObject({ success: false, errors: { [field]: message } });
  const code = body.fieldCodes?.[field];
  expect(code && ERROR_MESSAGES[code]).toBe(message);
  const [firstField] = Object.keys(body.errors ?? {});
  expect({ code: body.code, message: body.message }).toEqual({ code: body.fieldCodes?.[firstField!], message: body.errors?.[firstField!] });
}
