import { Form } from '@remix-run/react';
import type { CSSProperties } from 'react';

import type { EvidenceKind, OutcomeCategory } from '@aipm/contracts';

import type { TextKey } from '~/i18n/translator';
import { useTranslation } from '~/i18n/TranslationProvider';

import type { OfferCard, OfferFormField, OfferFormValues } from './offer-report.server';
import { CARD, LIST, MUTED, TAP } from './StudentRecord';

/* 录用报告 (docs/product/student-portal.md#offer-reports): the student's reports with where each stands, and the form. */

const STATE_COLOURS: Record<OfferCard['state'], CSSProperties> = {
  pending: { background: '#fef3c7', color: '#78350f' },
  accepted: { background: '#dcfce7', color: '#14532d' },
  returned: { background: '#fee2e2', color: '#7f1d1d' },
};
const INPUT: CSSProperties = { ...TAP, width: '100%', padding: '0.6rem', fontFamily: 'inherit' };

/** The student's reports, newest first, each with its state (and the reason when it was returned). */
export function OfferList({ offers }: { offers: OfferCard[] }) {
  const { t } = useTranslation();
  if (offers.length === 0) return <p style={MUTED}>{t('student.offers.none')}</p>;
  return (
    <ul style={LIST}>
      {offers.map((offer) => (
        <li key={offer.id} style={CARD} data-testid="offer-report">
          <p style={{ margin: 0, display: 'flex', flexWrap: 'wrap', gap: '0.25rem 0.5rem', alignItems: 'center' }}>
            <strong>{offer.headline}</strong>
            <span style={{ ...STATE_COLOURS[offer.state], borderRadius: '999px', padding: '0 0.5rem' }} data-testid="offer-state">
              {t(`student.offers.states.${offer.state}`)}
            </span>
          </p>
          <p style={MUTED}>
            {t(`student.offers.fields.categories.${offer.category}` as TextKey)} · {t('student.offers.reportedOn', { date: offer.date })}
          </p>
          {offer.salary ? <p style={MUTED}>{t('student.offers.salary', offer.salary)}</p> : null}
          <p style={MUTED}>{t('student.offers.evidenceCount', { count: offer.evidenceCount })}</p>
          {offer.state === 'returned' && offer.returnReason ? <p style={{ margin: '0.25rem 0 0' }}>{t('student.offers.returnedReason', { reason: offer.returnReason })}</p> : null}
        </li>
      ))}
    </ul>
  );
}

interface FieldProps {
  name: OfferFormField;
  label: string;
  hint?: string;
  error?: string;
  children: (describedBy: string | undefined, invalid: true | undefined) => JSX.Element;
}

/** A label over its control, the hint and the error read out with it. */
function Field({ name, label, hint, error, children }: FieldProps) {
  const ids = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <p style={{ display: 'flex', flexDirection: 'column', gap: '0.25rem', margin: '0 0 1rem' }}>
      <label htmlFor={name}>{label}</label>
      {children(ids, error ? true : undefined)}
      {hint ? (
        <small id={`${name}-hint`} style={MUTED}>
          {hint}
        </small>
      ) : null}
      {error ? (
        <span id={`${name}-error`} role="alert" style={{ color: '#b91c1c' }}>
          {error}
        </span>
      ) : null}
    </p>
  );
}

/**
 * 报告新的录用: one form with its files, posted by the browser itself (it works without JavaScript, as in WeChat's
 * browser with scripts slow to come). What was typed comes back after a refusal; the files must be chosen again.
 */
/** The form's choices, from the loader (the job categories and the evidence kinds of @aipm/contracts). */
export interface OfferChoices {
  categories: readonly OutcomeCategory[];
  evidenceKinds: readonly EvidenceKind[];
}

export function OfferReportForm({ choices, values, errors, busy }: { choices: OfferChoices; values: OfferFormValues; errors: Partial<Record<OfferFormField, string>>; busy: boolean }) {
  const { t } = useTranslation();
  const text = (name: keyof OfferFormValues, type: string, extra: { autoComplete?: string; inputMode?: 'decimal' | 'numeric'; required?: boolean; maxLength?: number } = {}) =>
    (describedBy: string | undefined, invalid: true | undefined) => <input id={name} name={name} type={type} defaultValue={values[name] ?? ''} aria-describedby={describedBy} aria-invalid={invalid} style={INPUT} {...extra} />;
  return (
    <Form method="post" encType="multipart/form-data" noValidate aria-labelledby="report-title">
      <Field name="category" label={t('student.offers.fields.category')} hint={t('student.offers.fields.categoryHint')} error={errors.category}>
        {(describedBy, invalid) => (
          <select id="category" name="category" defaultValue={values.category ?? choices.categories[0]} aria-describedby={describedBy} aria-invalid={invalid} style={INPUT}>
            {choices.categories.map((category) => (
              <option key={category} value={category}>
                {t(`student.offers.fields.categories.${category}` as TextKey)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field name="date" label={t('student.offers.fields.date')} error={errors.date}>
        {text('date', 'date', { required: true })}
      </Field>
      <Field name="employer" label={t('student.offers.fields.employer')} error={errors.employer}>
        {text('employer', 'text', { autoComplete: 'organization', required: true, maxLength: 100 })}
      </Field>
      <Field name="title" label={t('student.offers.fields.title')} error={errors.title}>
        {text('title', 'text', { autoComplete: 'organization-title', required: true, maxLength: 100 })}
      </Field>
      <Field name="city" label={t('student.offers.fields.city')} error={errors.city}>
        {text('city', 'text', { autoComplete: 'address-level2', required: true, maxLength: 50 })}
      </Field>
      <Field name="startDate" label={t('student.offers.fields.startDate')} error={errors.startDate}>
        {text('startDate', 'date', { required: true })}
      </Field>
      <Field name="monthlyBase" label={t('student.offers.fields.monthlyBase')} error={errors.monthlyBase}>
        {text('monthlyBase', 'text', { inputMode: 'decimal', required: true })}
      </Field>
      <Field name="monthsPerYear" label={t('student.offers.fields.monthsPerYear')} hint={t('student.offers.fields.monthsHint')} error={errors.monthsPerYear}>
        {text('monthsPerYear', 'text', { inputMode: 'numeric', required: true })}
      </Field>
      <Field name="fixedExtras" label={t('student.offers.fields.fixedExtras')} hint={t('student.offers.fields.fixedExtrasHint')} error={errors.fixedExtras}>
        {text('fixedExtras', 'text', { inputMode: 'decimal' })}
      </Field>
      <Field name="evidence" label={t('student.offers.fields.evidence')} hint={t('student.offers.fields.evidenceHint')} error={errors.evidence}>
        {(describedBy, invalid) => (
          <input id="evidence" name="evidence" type="file" multiple required accept=".pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp" aria-describedby={describedBy} aria-invalid={invalid} style={INPUT} />
        )}
      </Field>
      <Field name="evidenceKind" label={t('student.offers.fields.evidenceKind')} error={errors.evidenceKind}>
        {(describedBy, invalid) => (
          <select id="evidenceKind" name="evidenceKind" defaultValue={values.evidenceKind ?? choices.evidenceKinds[0]} aria-describedby={describedBy} aria-invalid={invalid} style={INPUT}>
            {choices.evidenceKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`student.offers.fields.evidenceKinds.${kind}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field name="notes" label={t('student.offers.fields.notes')} error={errors.notes}>
        {(describedBy, invalid) => <textarea id="notes" name="notes" rows={3} maxLength={1000} defaultValue={values.notes ?? ''} aria-describedby={describedBy} aria-invalid={invalid} style={INPUT} />}
      </Field>
      <button type="submit" disabled={busy} style={{ ...TAP, width: '100%', padding: '0.75rem' }}>
        {t('student.offers.submit')}
      </button>
    </Form>
  );
}
