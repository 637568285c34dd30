import { isOfferCategory, needsEvidence, OFFER_FIELDS, type OfferField, type OutcomeResponse } from './outcome';
import type { OutcomeErrorCode } from './outcome.errors';

/** An outcome as it will be stored, for the rules that read several fields (a create body, or an update merged in). */
export type OutcomeDraft = Pick<OutcomeResponse, 'category' | 'date' | OfferField> & { evidenceCount: number };

/** What a job missing one of its offer fields is told. */
const MISSING: Record<OfferField, OutcomeErrorCode> = {
  employer: 'EMPLOYER_REQUIRED',
  title: 'JOB_TITLE_REQUIRED',
  city: 'CITY_REQUIRED',
  startDate: 'INVALID_JOB_START_DATE',
  monthlyBase: 'INVALID_MONTHLY_BASE',
  monthsPerYear: 'INVALID_MONTHS_PER_YEAR',
  fixedExtras: 'INVALID_FIXED_EXTRAS',
};

/**
 * The first rule across fields that the outcome breaks (docs/product/validation.md#outcome), as the field to report
 * it on and its code; null when it may be saved. Each field's own format is the body's rules; this is what a field
 * cannot know alone: a job needs its offer, a status has none, the dates' order, and the evidence.
 */
export function outcomeProblem(draft: OutcomeDraft, enrollmentDate: string): { field: string; code: OutcomeErrorCode } | null {
  if (draft.date < enrollmentDate) return { field: 'date', code: 'OUTCOME_BEFORE_ENROLLMENT' };
  if (isOfferCategory(draft.category)) {
    for (const field of OFFER_FIELDS) if (draft[field] === null) return { field, code: MISSING[field] };
    if (draft.startDate! < draft.date) return { field: 'startDate', code: 'JOB_START_BEFORE_OFFER' };
  } else {
    const offerField = OFFER_FIELDS.find((field) => draft[field] !== null);
    if (offerField) return { field: offerField, code: 'OFFER_FIELDS_NOT_ALLOWED' };
  }
  if (needsEvidence(draft.category) && draft.evidenceCount === 0) return { field: 'evidence', code: 'EVIDENCE_REQUIRED' };
  return null;
}
