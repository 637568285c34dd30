import type { LeadErrorCode } from './lead.errors';

export type PhoneCheck =
  | { valid: true; /** E.164, e.g. +8613812345678: the key for repeats and erasure. */ e164: string; mainland: boolean }
  | { valid: false; code: Extract<LeadErrorCode, 'INVALID_PHONE' | 'INVALID_MAINLAND_PHONE'> };

const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
// E.164: a country code that does not start with 0, at most 15 digits in all (7 at least, to refuse typos).
const E164 = /^\+[1-9]\d{6,14}$/;
// What people type between digits: spaces (also full-width), dashes, dots and parentheses (also full-width).
// One class for checkPhone and the input pattern below; escaped as the pattern's v flag requires.
const SEPARATOR_CLASS = '[\\s\\u3000\\-－.\\(\\)（）]';
const SEPARATORS = new RegExp(SEPARATOR_CLASS, 'g');

// The same rules as one HTML `pattern` (browsers compile it with the v flag, anchored): separators anywhere, a
// mainland mobile with or without +86 / 0086 / 86, or + and 7 to 15 digits. Every number checkPhone accepts
// matches (phone.spec.ts checks it over generated input); the few it lets through (+86 and a non-mobile) the
// server still refuses. With it, a form tells a wrong number before it asks the visitor to agree.
const SEP = `${SEPARATOR_CLASS}*`;
const digits = (count: string) => `(?:${SEP}\\d)${count}`;
export const PHONE_INPUT_PATTERN =
  `${SEP}(?:(?:[+＋]${SEP}8${SEP}6${SEP}|0${SEP}0${SEP}8${SEP}6${SEP}|8${SEP}6${SEP})?1${SEP}[3-9]${digits('{9}')}|[+＋]${SEP}[1-9]${digits('{6,14}')})${SEP}`;

/**
 * Normalises a phone number as typed on the forms: separators dropped, then a mainland mobile (with or
 * without +86 / 0086 / 86) or an international number in + form. Everything else gets the code of a message that
 * says what is expected. Universal: used by the API validators and the Remix actions alike.
 */
export function checkPhone(raw: string): PhoneCheck {
  const compact = raw.replace(SEPARATORS, '').replace(/^＋/, '+');
  let national: string | undefined;
  if (compact.startsWith('+86')) national = compact.slice(3);
  else if (compact.startsWith('0086')) national = compact.slice(4);
  else if (/^86\d{11}$/.test(compact)) national = compact.slice(2);
  else if (!compact.startsWith('+')) national = compact;

  if (national !== undefined) {
    if (MAINLAND_MOBILE.test(national)) return { valid: true, e164: `+86${national}`, mainland: true };
    // +86, 0086 or a bare number that is not a mobile: mainland was meant, say what a mainland mobile looks like.
    return {
      valid: false,
      code: compact.startsWith('+') || compact.startsWith('0086') ? 'INVALID_MAINLAND_PHONE' : 'INVALID_PHONE',
    };
  }
  if (E164.test(compact)) return { valid: true, e164: compact, mainland: false };
  return { valid: false, code: 'INVALID_PHONE' };
}

/** The E.164 form of a valid number, or undefined. */
export function normalisePhone(raw: string): string | undefined {
  const check = checkPhone(raw);
  return check.valid ? check.e164 : undefined;
}

/**
 * A phone as lists and exports show it (PIPL, docs/product/back-office.md#phone-masking): the first three and
 * last four digits, the rest as * (13812345678 → 138****5678). Works on the digits of the national number (+86
 * dropped), whatever separators were typed; a number too short to keep seven digits shows its last two only.
 * Empty stays empty, and a masked phone stays as it is.
 */
export function maskPhone(raw: string | null | undefined): string {
  if (!raw) return '';
  // Masking twice changes nothing (the audit log makes values safe at more than one step).
  if (isMaskedPhone(raw)) return raw;
  const compact = raw.replace(SEPARATORS, '').replace(/^＋/, '+');
  const international = compact.startsWith('+') && !compact.startsWith('+86');
  const digits = compact.replace(/^(\+86|0086)(?=1\d{10}$)/, '').replace(/\D/g, '');
  const prefix = international ? '+' : '';
  if (digits.length < 8) return prefix + '*'.repeat(Math.max(digits.length - 2, 1)) + digits.slice(-2);
  return `${prefix}${digits.slice(0, 3)}${'*'.repeat(digits.length - 7)}${digits.slice(-4)}`;
}

/** How a response carries a phone: masked by default, full when an audited action asked for it. */
export type PhoneView = 'masked' | 'full';

/** Whether a phone as the API sent it is masked (the back office then offers to reveal it). */
export function isMaskedPhone(phone: string | null | undefined): boolean {
  return !!phone && phone.includes('*');
}
