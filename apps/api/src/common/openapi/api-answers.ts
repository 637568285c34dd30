import { type ErrorCode, LIST_TOTAL_ESTIMATED_HEADER } from '@aipm/contracts';
import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiExtension, ApiResponse } from '@nestjs/swagger';
import { requestBodySchema } from './request-body-schema';
import { constant, defineSchema, listOf, object, refTo, type Schema, text } from './schemas';

/*
 * The decorators a route's documentation is made of (ADR 022). The envelopes (docs/product/errors.md#error-envelope)
 * are components, described once here; a route names its record, its body class with an example, and the codes of its
 * own failures. openapi-document.ts adds what every route shares (401 without a session, 400 for a refused body, 500)
 * and turns codes into responses.
 */

type Constructor = abstract new (...args: never[]) => object;

/** The operation extensions the document builder reads and removes. */
export const FAILURE_CODES_EXTENSION = 'x-failure-codes';
export const PUBLIC_EXTENSION = 'x-public';

export const DATA_ENVELOPE = defineSchema(
  'ApiDataEnvelope',
  object(
    {
      success: constant(true),
      message: text('操作成功', 'The Chinese confirmation (docs/product/validation.md, errors.md), where the call gives one'),
      data: { description: 'The record, or the outcome of the call' },
    },
    'Every successful JSON answer of a record or an action: `{ success: true, message?, data }`',
    ['message'],
  ),
);

export const LIST_ENVELOPE = defineSchema(
  'ApiListEnvelope',
  object(
    { success: constant(true), data: listOf({}, 'One page of records') },
    'A react-admin list (`range`, `sort`, `filter` JSON parameters in); the page\'s position in the Content-Range header',
  ),
);

export const ERROR_ENVELOPE = defineSchema(
  'ApiErrorResponse',
  object(
    {
      success: constant(false),
      code: text('LEAD_NOT_FOUND', 'What went wrong, UPPER_SNAKE; clients translate by it (the responses below list each route\'s codes)'),
      message: text('线索不存在', 'The Chinese text of the code, for a person'),
      errors: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description: '400 only: each failing field and its message',
        example: { phone: '请输入有效的手机号码：中国大陆11位手机号，或以+开头的国际号码' },
      },
      fieldCodes: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description: '400 only: each failing field and its code',
        example: { phone: 'INVALID_PHONE' },
      },
    },
    'Every failure: `{ success: false, code, message }`, plus `errors` and `fieldCodes` when fields were refused',
    ['errors', 'fieldCodes'],
  ),
);

interface AnswerOptions {
  status?: number;
  description: string;
}

/**
 * `{ success: true, message?, data: <record> }`; `message` is the example of the call's confirmation, `extra`
 * further fields the answer always carries (a page's `total`).
 */
export function ApiDataAnswer(record: Schema, options: AnswerOptions & { message?: string; extra?: Record<string, Schema> }): MethodDecorator {
  const own: Record<string, Schema> = { data: record, ...options.extra };
  if (options.message) own.message = text(options.message);
  return ApiResponse({
    status: options.status ?? 200,
    description: options.description,
    schema: { allOf: [DATA_ENVELOPE, { type: 'object', properties: own, required: ['data', ...(options.message ? ['message'] : []), ...Object.keys(options.extra ?? {})] }] },
  });
}

/** `{ success: true, data: <record>[] }` with react-admin's Content-Range; `extra`: further optional fields of the answer. */
export function ApiListAnswer(record: Schema, options: AnswerOptions & { resource: string; extra?: Record<string, Schema> }): MethodDecorator {
  return ApiResponse({
    status: options.status ?? 200,
    description: options.description,
    headers: {
      'Content-Range': {
        description: '`<resource> <first>-<last>/<total>` of the page (react-admin simple-rest)',
        schema: { type: 'string', example: `${options.resource} 0-9/42` },
      },
      [LIST_TOTAL_ESTIMATED_HEADER]: {
        description: '`true` when the total in Content-Range is an estimate (more than 10,000 rows match); absent when it is exact',
        schema: { type: 'string', enum: ['true'] },
      },
    },
    schema: { allOf: [LIST_ENVELOPE, { type: 'object', properties: { data: listOf(record), ...options.extra }, required: ['data'] }] },
  });
}

/** A JSON answer shaped by hand (outside the two envelopes). */
export function ApiAnswer(schema: Schema, options: AnswerOptions): MethodDecorator {
  return ApiResponse({ status: options.status ?? 200, description: options.description, schema });
}

/** A download that is not JSON (a CSV file): its media type and an example of its first bytes. */
export function ApiFileAnswer(options: AnswerOptions & { mediaType: string; example: string }): MethodDecorator {
  return ApiResponse({
    status: options.status ?? 200,
    description: options.description,
    content: { [options.mediaType]: { schema: { type: 'string', example: options.example } } },
  });
}

/** The failures of this route besides the shared ones (UNAUTHORIZED, a refused body, INTERNAL_ERROR). */
export function ApiFailures(...codes: ErrorCode[]): MethodDecorator & ClassDecorator {
  return ApiExtension(FAILURE_CODES_EXTENSION, codes);
}

/** Every request body the document shows, with its example (openapi.e2e-spec.ts validates each against its class). */
const examples: { dto: Constructor; example: object }[] = [];

export function documentedBodies(): readonly { dto: Constructor; example: object }[] {
  return examples;
}

/**
 * The JSON body of a route: its schema read from the class's validation rules (request-body-schema.ts), and
 * a valid example.
 */
export function ApiJsonBody<T extends object>(dto: abstract new (...args: never[]) => T, example: T | Record<string, unknown>, description?: string): MethodDecorator {
  defineSchema(dto.name, requestBodySchema(dto));
  examples.push({ dto, example });
  return applyDecorators(
    ApiBody({
      required: true,
      ...(description ? { description } : {}),
      schema: refTo(dto.name),
      examples: { valid: { summary: 'A body the API accepts', value: example } },
    }),
  );
}
