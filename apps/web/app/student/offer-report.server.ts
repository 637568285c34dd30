import { formatDate, formatMoneyFromCents, OUTCOME_LIMITS, type OutcomeResponse, parseYuanToCents, UPLOAD_RULES } from '@aipm/contracts';
import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from '@remix-run/node';

import type { Language } from '~/i18n/config';

/** The form's fields (the names the API's report carries, and the files' `evidence`). */
export const OFFER_FORM_FIELDS = ['category', 'date', 'employer', 'title', 'city', 'startDate', 'monthlyBase', 'monthsPerYear', 'fixedExtras', 'evidenceKind', 'notes'] as const;
export type OfferFormField = (typeof OFFER_FORM_FIELDS)[number] | 'evidence';

/** What the student typed, kept to fill the form again when something is refused (files cannot be). */
export type OfferFormValues = Partial<Record<(typeof OFFER_FORM_FIELDS)[number], string>>;

export interface OfferForm {
  values: OfferFormValues;
  files: File[];
  /**
   * Why the form could not be read, when it could not: a file over the evidence limit, or a body that is no
   * multipart form (only a hand-made request sends one). Nothing of such a form is used.
   */
  unreadable?: 'tooLarge' | 'malformed';
}

/**
 * Reads the posted form into memory: the text fields, and each chosen evidence file (at most 20 MB, the API's own
 * limit; an empty file input sends a nameless part, which is no file). The API checks everything again.
 */
export async function readOfferForm(request: Request): Promise<OfferForm> {
  const upload = unstable_createMemoryUploadHandler({
    maxPartSize: UPLOAD_RULES.contract.maxBytes,
    filter: ({ name, filename }) => name !== 'evidence' || !!filename,
  });
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, upload);
  } catch (error) {
    return { values: {}, files: [], unreadable: error instanceof MaxPartSizeExceededError ? 'tooLarge' : 'malformed' };
  }
  const values: OfferFormValues = {};
  for (const name of OFFER_FORM_FIELDS) {
    const value = form.get(name);
    if (typeof value === 'string') values[name] = value;
  }
  const files = form.getAll('evidence').filter((value): value is File => typeof value !== 'string' && !!value.name);
  return { values, files };
}

/**
 * The API's multipart body (POST /api/student/offers): the report as JSON, amounts typed in yuan sent in cents
 * (parseYuanToCents, as the back office's forms), and the files. A sum that is no amount is the page's own refusal.
 */
export function offerReportBody({ values, files }: OfferForm): { body: FormData } | { field: 'monthlyBase' | 'fixedExtras'; code: 'INVALID_MONEY' } {
  const cents = (text: string | undefined) => (text?.trim() ? parseYuanToCents(text) : null);
  const monthlyBase = cents(values.monthlyBase);
  if (monthlyBase === undefined) return { field: 'monthlyBase', code: 'INVALID_MONEY' };
  const fixedExtras = cents(values.fixedExtras);
  if (fixedExtras === undefined) return { field: 'fixedExtras', code: 'INVALID_MONEY' };
  const months = values.monthsPerYear?.trim() ?? '';
  const report = {
    category: values.category ?? '',
    date: values.date ?? '',
    employer: values.employer ?? '',
    title: values.title ?? '',
    city: values.city ?? '',
    startDate: values.startDate || null,
    monthlyBase,
    // Not a whole number: sent as typed, for the API's own message.
    monthsPerYear: /^\d{1,3}$/.test(months) ? Number(months) : months || null,
    fixedExtras: fixedExtras ?? 0,
    notes: values.notes ?? '',
    evidenceKind: values.evidenceKind || undefined,
  };
  const body = new FormData();
  body.append('report', JSON.stringify(report));
  for (const file of files.slice(0, OUTCOME_LIMITS.evidence + 1)) body.append('evidence', file, file.name);
  return { body };
}

/** One report as the page lists it, its dates and money already in the page's language. */
export interface OfferCard {
  id: string;
  state: OutcomeResponse['reviewState'];
  category: OutcomeResponse['category'];
  headline: string;
  date: string;
  salary: { monthly: string; months: number; extras: string; salary: string } | null;
  evidenceCount: number;
  returnReason: string | null;
}

export function offerCards(rows: readonly OutcomeResponse[], language: Language): OfferCard[] {
  return rows.map((row) => ({
    id: row.id,
    state: row.reviewState,
    category: row.category,
    headline: [row.employer, row.title, row.city].filter(Boolean).join(' · '),
    date: formatDate(row.date, language),
    salary:
      row.monthlyBase !== null && row.monthsPerYear !== null && row.fixedExtras !== null && row.contractSalary !== null
        ? { monthly: formatMoneyFromCents(row.monthlyBase), months: row.monthsPerYear, extras: formatMoneyFromCents(row.fixedExtras), salary: formatMoneyFromCents(row.contractSalary) }
        : null,
    evidenceCount: row.evidence.length,
    returnReason: row.returnReason,
  }));
}
