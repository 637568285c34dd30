import { ERROR_MESSAGES, type ErrorCode, isErrorCode } from '@aipm/contracts';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, type OperationObject, type ReferenceObject, type SchemaObject, SwaggerModule } from '@nestjs/swagger';
import { SESSION_COOKIE_NAME } from '../session';
import { statusOf } from '../errors/api-exception.filter';
import { ERROR_ENVELOPE, FAILURE_CODES_EXTENSION, PUBLIC_EXTENSION } from './api-answers';
import { ERROR_CODES_EXTENSION } from './request-body-schema';
import { registeredSchemas } from './schemas';

const SESSION_SCHEME = 'session';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Failures any route with a JSON body can answer before its own code runs (body parser, ValidationPipe). */
const BODY_FAILURES: ErrorCode[] = ['BAD_REQUEST', 'UNKNOWN_FIELD', 'INVALID_CHARACTERS', 'INPUT_TOO_DEEP', 'BODY_TOO_LARGE'];

/**
 * The OpenAPI document of /api/docs (ADR 022): Nest's scan of the controllers, the named schemas of
 * schemas.ts, and, per operation, its security (the administrator session unless @Public()) and one error
 * response per status holding every code the route can answer, each an example of the shared envelope.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('AI PM Bootcamp API')
    .setDescription(
      [
        'Public forms and jobs, and the back office of the 35-day AI product-manager bootcamp.',
        '',
        '- Success: `{ success: true, message?, data }` (ApiDataEnvelope); admin lists `{ success: true, data: [] }` (ApiListEnvelope)',
        '  with `range=[0,9]`, `sort=["createdAt","DESC"]`, `filter={…}` (JSON) in and `Content-Range` out.',
        '- Failure: `{ success: false, code, message }` (ApiErrorResponse); each route lists its codes by status. Clients translate by `code`.',
        `- Back office: sign in with POST /api/admin/login; the \`${SESSION_COOKIE_NAME}\` cookie it sets is the session. A write from`,
        '  another site is refused (403 CROSS_SITE_REQUEST).',
      ].join('\n'),
    )
    .setVersion('1')
    .addCookieAuth(SESSION_COOKIE_NAME, { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE_NAME, description: 'The administrator session' }, SESSION_SCHEME)
    .build();
  const document = SwaggerModule.createDocument(app, config);
  document.components ??= {};
  document.components.schemas = { ...document.components.schemas, ...Object.fromEntries(registeredSchemas()) };
  for (const pathItem of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (operation) documentFailures(operation, document);
    }
  }
  return document;
}

function documentFailures(operation: OperationObject, document: OpenAPIObject): void {
  const extensions = operation as OperationObject & Record<string, unknown>;
  const isPublic = extensions[PUBLIC_EXTENSION] === true;
  const own = (extensions[FAILURE_CODES_EXTENSION] as ErrorCode[] | undefined) ?? [];
  delete extensions[PUBLIC_EXTENSION];
  delete extensions[FAILURE_CODES_EXTENSION];

  operation.security = isPublic ? [] : [{ [SESSION_SCHEME]: [] }];
  const codes: ErrorCode[] = [];
  if (operation.requestBody) codes.push(...bodyCodes(operation, document), ...BODY_FAILURES);
  codes.push(...own);
  if (!isPublic) codes.push('UNAUTHORIZED');
  if (!isPublic && operation.requestBody) codes.push('CROSS_SITE_REQUEST');
  codes.push('INTERNAL_ERROR');

  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = statusOf(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    // A route that documents a body of its own for this status (health's 503) keeps it.
    if (operation.responses[status]) continue;
    operation.responses[status] = {
      description: `Refused or failed: ${statusCodes.join(', ')}`,
      content: {
        'application/json': {
          schema: ERROR_ENVELOPE,
          examples: Object.fromEntries(statusCodes.map((code) => [code, { summary: code, value: { success: false, code, message: ERROR_MESSAGES[code] } }])),
        },
      },
    };
  }
}

/** The codes the body's fields answer (request-body-schema.ts lists them in x-error-codes). */
function bodyCodes(operation: OperationObject, document: OpenAPIObject): ErrorCode[] {
  const body = operation.requestBody as { content?: Record<string, { schema?: SchemaObject | ReferenceObject }> };
  const schema = resolve(body.content?.['application/json']?.schema, document);
  const codes: ErrorCode[] = [];
  for (const property of Object.values(schema?.properties ?? {})) {
    const listed = (property as Record<string, unknown>)[ERROR_CODES_EXTENSION] as unknown[] | undefined;
    for (const code of listed ?? []) if (isErrorCode(code)) codes.push(code);
  }
  return codes;
}

function resolve(schema: SchemaObject | ReferenceObject | undefined, document: OpenAPIObject): SchemaObject | undefined {
  if (!schema || !('$ref' in schema)) return schema;
  return document.components?.schemas?.[schema.$ref.split('/').pop()!] as SchemaObject | undefined;
}
