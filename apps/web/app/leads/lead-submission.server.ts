import { type ErrorCode, isErrorCode, LEAD_PATHS, type LeadSource } from '@aipm/contracts';
import { CreateContactMessageDto, CreateRegistrationDto, type FieldFailures, fieldFailures } from '@aipm/contracts/dto';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';

import type { Messages, TextKey, Translator } from '../i18n/translator';

import { firstTouchFromCookie } from './first-touch.server';
import {
  AGREEMENT_FIELD,
  AGREEMENT_TICKED,
  CONTACT_FIELDS,
  HONEYPOT_FIELD,
  INTENT_FIELD,
  isLeadIntent,
  type LeadFormResult,
  type LeadIntent,
  REGISTRATION_FIELDS,
} from './lead-form';

/*
 * The index route's action: the registration and contact forms with or without JavaScript. The same DTO
 * classes as the API check the form here first (class-validator stays on the server: this is a .server
 * module), then the API is called over its internal address on the visitor's behalf. Failures are shown by
 * their error codes, never by the API's Chinese text.
 */

/**
 * The error codes a lead form can meet (its rules, the rate limit, the size limit, a broken request), each
 * translated under `errors.<CODE>` in both languages; zh equals the API's wording (lead-submission.server.spec.ts).
 * Any other code shows the form's general failure text.
 */
export const PUBLIC_ERROR_CODES = [
  'NAME_REQUIRED',
  'REGISTRATION_PHONE_REQUIRED',
  'INVALID_EMAIL',
  'SCHOOL_REQUIRED',
  'MAJOR_REQUIRED',
  'AGREEMENT_REQUIRED',
  'CONTACT_PHONE_REQUIRED',
  'SUBJECT_REQUIRED',
  'INVALID_PHONE',
  'INVALID_MAINLAND_PHONE',
  'NAME_TOO_LONG',
  'SCHOOL_TOO_LONG',
  'MAJOR_TOO_LONG',
  'EMAIL_TOO_LONG',
  'GOALS_TOO_LONG',
  'MESSAGE_TOO_LONG',
  'INVALID_SOURCE',
  'FORM_RATE_LIMITED',
  'BODY_TOO_LARGE',
  'INVALID_CHARACTERS',
  'UNKNOWN_FIELD',
  'INVALID_FIELD',
  'BAD_REQUEST',
  'INTERNAL_ERROR',
] as const satisfies readonly ErrorCode[];
export type PublicErrorCode = (typeof PUBLIC_ERROR_CODES)[number];

function isPublicErrorCode(code: unknown): code is PublicErrorCode {
  return (PUBLIC_ERROR_CODES as readonly unknown[]).includes(code);
}

/** Far above the longest valid form (2,000 Chinese characters URL-encoded is 18 KB), so only abuse is cut short. */
const MAX_FORM_BYTES = 64 * 1024;
const API_TIMEOUT_MS = 10_000;

export interface LeadSubmissionContext {
  apiUrl: string;
  requestId: string;
  /** The address the web server's socket saw (load context): the last hop of X-Forwarded-For. */
  remoteAddress?: string;
  translator: Pick<Translator, 't'>;
  fetch?: typeof fetch;
}

export interface LeadSubmission {
  status: number;
  result: LeadFormResult;
}

type Translate = Translator['t'];

type FormMessageKey = keyof Messages['leadForms']['messages'];

function messageKey(key: FormMessageKey): TextKey {
  return `leadForms.messages.${key}`;
}

/** The page's wording of an error code, or undefined for a code the forms have no text for. */
function errorText(t: Translate, code: unknown): string | undefined {
  return isPublicErrorCode(code) ? t(`errors.${code}`) : undefined;
}

/**
 * X-Forwarded-For as the front door's /api proxy writes it (whatever came in, then the socket's address), so
 * the API, trusting loopback hops only, finds the same client address for a form sent here as for a direct
 * call: the rate limit counts visitors, not this web server. Without the socket's address nothing is claimed.
 */
function forwardedFor(request: Request, remoteAddress: string | undefined): string | undefined {
  if (!remoteAddress) return undefined;
  const incoming = request.headers.get('x-forwarded-for')?.trim();
  return incoming ? `${incoming}, ${remoteAddress}` : remoteAddress;
}

function text(form: FormData, field: string): string {
  const value = form.get(field);
  return typeof value === 'string' ? value : '';
}

/** The API's request body: the form's fields (and nothing else: the API refuses unknown ones). */
function bodyOf(intent: LeadIntent, form: FormData, source: LeadSource | null): Record<string, unknown> {
  const fields = intent === 'registration' ? REGISTRATION_FIELDS : CONTACT_FIELDS;
  const body: Record<string, unknown> = Object.fromEntries(fields.map((field) => [field, text(form, field)]));
  if (intent === 'registration') body[AGREEMENT_FIELD] = text(form, AGREEMENT_FIELD) === AGREEMENT_TICKED;
  const website = text(form, HONEYPOT_FIELD);
  if (website) body[HONEYPOT_FIELD] = website;
  if (source) body.source = source;
  return body;
}

/** What the visitor typed, for the page rendered without JavaScript (the honeypot is never echoed). */
function valuesOf(intent: LeadIntent, form: FormData): Record<string, string> {
  const fields = intent === 'registration' ? [...REGISTRATION_FIELDS, AGREEMENT_FIELD] : CONTACT_FIELDS;
  return Object.fromEntries(fields.map((field) => [field, text(form, field)]));
}

/** Each failing field with the code of its first rule, exactly as the API would report it (same DTOs, same reader). */
async function validateLead(intent: LeadIntent, body: Record<string, unknown>): Promise<FieldFailures> {
  const dto = intent === 'registration' ? plainToInstance(CreateRegistrationDto, body) : plainToInstance(CreateContactMessageDto, body);
  return fieldFailures(await validate(dto));
}

/** The toast says what the code says (or the form's general failure), each field its own rule: all by code. */
function failure(intent: LeadIntent, t: Translate, status: number, code: unknown, fieldCodes: Record<string, unknown>, values: Record<string, string>): LeadSubmission {
  const title = intent === 'registration' ? 'registrationFailedTitle' : 'contactFailedTitle';
  const fallback = intent === 'registration' ? 'registrationFailedDefault' : 'contactFailedDefault';
  const general = t(messageKey(fallback));
  return {
    status,
    result: {
      intent,
      ok: false,
      toast: { title: t(messageKey(title)), text: errorText(t, code) ?? general, variant: 'destructive' },
      errors: Object.fromEntries(Object.entries(fieldCodes).map(([field, fieldCode]) => [field, errorText(t, fieldCode) ?? general])),
      values,
    },
  };
}

function success(intent: LeadIntent, t: Translate): LeadSubmission {
  const toast =
    intent === 'registration'
      ? { text: t(messageKey('registrationSucceeded')), variant: 'default' as const }
      : { title: t(messageKey('contactSucceeded')), text: t(messageKey('contactSucceededDescription')), variant: 'default' as const };
  return { status: 200, result: { intent, ok: true, toast, errors: {}, values: {} } };
}

async function readJson(response: Response): Promise<{ code?: unknown; fieldCodes?: unknown }> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? body : {};
  } catch {
    return {};
  }
}

function codeRecord(value: unknown): Record<string, ErrorCode> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, ErrorCode] => isErrorCode(entry[1])));
}

/**
 * The HTTP status the index route answers a submission with. A form refused for its fields is data the page shows
 * beside them: to the page's own script (a fetch, Sec-Fetch-Dest: empty) it is answered 200, so the browser logs no
 * failed request for a form the page handled. A form posted without JavaScript (a navigation, or a browser that
 * sends no Sec-Fetch-Dest) keeps the 400; the rate limit and an unreachable API keep theirs everywhere.
 */
export function answerStatus(request: Request, { status, result }: LeadSubmission): number {
  return !result.ok && status === 400 && request.headers.get('sec-fetch-dest') === 'empty' ? 200 : status;
}

/** Reads the posted form, checks it, and sends it to the API. Throws a 400/413 Response for a request no form makes. */
export async function submitLeadForm(request: Request, context: LeadSubmissionContext): Promise<LeadSubmission> {
  const { t } = context.translator;
  if (Number(request.headers.get('content-length') ?? 0) > MAX_FORM_BYTES) throw new Response(t('errors.BODY_TOO_LARGE'), { status: 413 });
  const form = await request.formData();
  const intent = form.get(INTENT_FIELD);
  if (!isLeadIntent(intent)) throw new Response('Unknown form', { status: 400 });

  const values = valuesOf(intent, form);
  const body = bodyOf(intent, form, firstTouchFromCookie(request.headers.get('Cookie')));
  const { fieldCodes } = await validateLead(intent, body);
  const [firstField] = Object.keys(fieldCodes);
  if (firstField !== undefined) return failure(intent, t, 400, fieldCodes[firstField], fieldCodes, values);

  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'X-Request-Id': context.requestId,
    // The consent record keeps the visitor's browser, not this server's HTTP client.
    'User-Agent': request.headers.get('user-agent') ?? '',
  };
  const forwarded = forwardedFor(request, context.remoteAddress);
  if (forwarded) headers['X-Forwarded-For'] = forwarded;
  const language = request.headers.get('accept-language');
  if (language) headers['Accept-Language'] = language;

  let response: Response;
  try {
    response = await (context.fetch ?? fetch)(`${context.apiUrl}${intent === 'registration' ? LEAD_PATHS.registrations : LEAD_PATHS.contact}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch (error) {
    console.error(JSON.stringify({ msg: `${intent} form: API unreachable`, requestId: context.requestId, err: String(error) }));
    return failure(intent, t, 502, undefined, {}, values);
  }
  if (response.ok) return success(intent, t);

  const answer = await readJson(response);
  return failure(intent, t, response.status >= 500 ? 502 : response.status, answer.code, codeRecord(answer.fieldCodes), values);
}
