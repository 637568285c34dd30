import { CreateContactMessageDto, CreateRegistrationDto, LEAD_MESSAGES, LEAD_PATHS, type LeadSource } from '@aipm/contracts';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';

import type { TextKey, Translator } from '../i18n/translator';

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
 * module), then the API is called over its internal address on the visitor's behalf.
 */

/** Wording of the API's messages (spec §5, §8) that the page translates; zh equals LEAD_MESSAGES (lead-submission.server.spec.ts). */
export const PUBLIC_MESSAGE_KEYS = [
  'nameRequired',
  'registrationPhoneRequired',
  'invalidEmail',
  'schoolRequired',
  'majorRequired',
  'agreementRequired',
  'agreementTitle',
  'agreementCheckFirst',
  'contactPhoneRequired',
  'subjectRequired',
  'invalidPhone',
  'invalidMainlandPhone',
  'nameTooLong',
  'schoolTooLong',
  'majorTooLong',
  'emailTooLong',
  'goalsTooLong',
  'messageTooLong',
  'invalidSource',
  'registrationSucceeded',
  'registrationFailedTitle',
  'registrationFailedDefault',
  'contactSucceeded',
  'contactSucceededDescription',
  'contactFailedTitle',
  'contactFailedDefault',
  'tooManySubmissions',
  'bodyTooLarge',
] as const satisfies ReadonlyArray<keyof typeof LEAD_MESSAGES>;
export type PublicMessageKey = (typeof PUBLIC_MESSAGE_KEYS)[number];

const KEY_OF_MESSAGE = new Map<string, PublicMessageKey>(PUBLIC_MESSAGE_KEYS.map((key) => [LEAD_MESSAGES[key], key]));

/** Far above the longest valid form (2,000 Chinese characters URL-encoded is 18 KB), so only abuse is cut short. */
export const MAX_FORM_BYTES = 64 * 1024;
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

/** The page's wording of an API message (Chinese in, the page's language out); unknown text passes through. */
export function translateMessage(t: Translate, message: string): string {
  const key = KEY_OF_MESSAGE.get(message);
  return key ? t(messageKey(key)) : message;
}

function messageKey(key: PublicMessageKey): TextKey {
  return `leadForms.messages.${key}`;
}

/**
 * X-Forwarded-For as the front door's /api proxy writes it (whatever came in, then the socket's address), so
 * the API, trusting loopback hops only, finds the same client address for a form sent here as for a direct
 * call: the rate limit counts visitors, not this web server. Without the socket's address nothing is claimed.
 */
export function forwardedFor(request: Request, remoteAddress: string | undefined): string | undefined {
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

/** Field → the message of its first failing rule, as the API reports it (its ValidationFailedException). */
export async function validateLead(intent: LeadIntent, body: Record<string, unknown>): Promise<Record<string, string>> {
  const dto = intent === 'registration' ? plainToInstance(CreateRegistrationDto, body) : plainToInstance(CreateContactMessageDto, body);
  const failures = await validate(dto);
  const errors: Record<string, string> = {};
  for (const failure of failures) {
    // class-validator lists a property's constraints bottom decorator first: the last one is the first rule.
    const messages = Object.values(failure.constraints ?? {});
    if (messages.length > 0) errors[failure.property] = messages[messages.length - 1]!;
  }
  return errors;
}

function failure(intent: LeadIntent, t: Translate, status: number, message: string | undefined, errors: Record<string, string>, values: Record<string, string>): LeadSubmission {
  const title = intent === 'registration' ? 'registrationFailedTitle' : 'contactFailedTitle';
  const fallback = intent === 'registration' ? 'registrationFailedDefault' : 'contactFailedDefault';
  return {
    status,
    result: {
      intent,
      ok: false,
      toast: { title: t(messageKey(title)), text: message ? translateMessage(t, message) : t(messageKey(fallback)), variant: 'destructive' },
      errors: Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, translateMessage(t, text)])),
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

async function readJson(response: Response): Promise<{ message?: unknown; errors?: unknown }> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? body : {};
  } catch {
    return {};
  }
}

function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Reads the posted form, checks it, and sends it to the API. Throws a 400/413 Response for a request no form makes. */
export async function submitLeadForm(request: Request, context: LeadSubmissionContext): Promise<LeadSubmission> {
  const { t } = context.translator;
  if (Number(request.headers.get('content-length') ?? 0) > MAX_FORM_BYTES) throw new Response(t(messageKey('bodyTooLarge')), { status: 413 });
  const form = await request.formData();
  const intent = form.get(INTENT_FIELD);
  if (!isLeadIntent(intent)) throw new Response('Unknown form', { status: 400 });

  const values = valuesOf(intent, form);
  const body = bodyOf(intent, form, firstTouchFromCookie(request.headers.get('Cookie')));
  const errors = await validateLead(intent, body);
  if (Object.keys(errors).length > 0) return failure(intent, t, 400, Object.values(errors)[0], errors, values);

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
  const message = typeof answer.message === 'string' && answer.message ? answer.message : undefined;
  return failure(intent, t, response.status >= 500 ? 502 : response.status, message, stringRecord(answer.errors), values);
}
