import {
  annualBaseCents,
  contractSalaryCents,
  EVIDENCE_KINDS,
  type EvidenceKind,
  formatIsoDate,
  formatMoneyFromCents,
  isOfferCategory,
  OUTCOME_CATEGORIES,
  type OutcomeCategory,
  type OutcomeResponse,
  parseYuanToCents,
  type StudentResponse,
} from '@aipm/contracts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField, type TextFieldProps, type Theme, Typography, useMediaQuery } from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { HttpError, useCreate, useNotify, useTranslate, useUpdate } from 'react-admin';
import { PickFilesButton } from './StudentFiles';
import { useStudentUpload } from './useStudentUpload';

/** One evidence file in the form: a saved one, or an upload confirmed since the dialog opened. */
interface EvidenceRow {
  accessURL: string;
  originalName: string;
  kind: EvidenceKind;
}

/** The form's text as typed: money in yuan, numbers as text, '' for empty. */
interface OutcomeForm {
  category: OutcomeCategory;
  date: string;
  employer: string;
  title: string;
  city: string;
  startDate: string;
  monthlyBase: string;
  monthsPerYear: string;
  fixedExtras: string;
  notes: string;
}

const yuanOf = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

function formOf(outcome: OutcomeResponse | undefined): OutcomeForm {
  return {
    category: outcome?.category ?? 'in_field_full_time',
    date: outcome?.date ?? formatIsoDate(new Date()),
    employer: outcome?.employer ?? '',
    title: outcome?.title ?? '',
    city: outcome?.city ?? '',
    startDate: outcome?.startDate ?? '',
    monthlyBase: yuanOf(outcome?.monthlyBase ?? null),
    monthsPerYear: outcome?.monthsPerYear === null || outcome?.monthsPerYear === undefined ? '12' : String(outcome.monthsPerYear),
    fixedExtras: outcome?.fixedExtras === null || outcome?.fixedExtras === undefined ? '0' : yuanOf(outcome.fixedExtras),
    notes: outcome?.notes ?? '',
  };
}

/**
 * The body the API takes: a job carries its offer (money in cents), a status carries none; text the form cannot
 * read as a number is sent as it is, for the API to refuse with its own message.
 */
function bodyOf(form: OutcomeForm, evidence: readonly EvidenceRow[]): Record<string, unknown> {
  const money = (text: string) => (text.trim() === '' ? null : (parseYuanToCents(text) ?? text));
  const whole = (text: string) => (text.trim() === '' ? null : Number.isInteger(Number(text)) ? Number(text) : text);
  const job = isOfferCategory(form.category);
  return {
    category: form.category,
    date: form.date,
    employer: job ? form.employer.trim() || null : null,
    title: job ? form.title.trim() || null : null,
    city: job ? form.city.trim() || null : null,
    startDate: job ? form.startDate || null : null,
    monthlyBase: job ? money(form.monthlyBase) : null,
    monthsPerYear: job ? whole(form.monthsPerYear) : null,
    fixedExtras: job ? (money(form.fixedExtras) ?? 0) : null,
    notes: form.notes.trim() || null,
    evidence: evidence.map(({ accessURL, kind }) => ({ accessURL, kind })),
  };
}

/** Annual base and contract salary as the form stands, when its parts read as numbers. */
function computedOf(form: OutcomeForm): { base: number; salary: number } | null {
  const monthlyBase = parseYuanToCents(form.monthlyBase);
  const monthsPerYear = Number(form.monthsPerYear);
  const fixedExtras = form.fixedExtras.trim() === '' ? 0 : parseYuanToCents(form.fixedExtras);
  if (!monthlyBase || !Number.isInteger(monthsPerYear) || monthsPerYear < 1 || fixedExtras === undefined) return null;
  return { base: annualBaseCents({ monthlyBase, monthsPerYear }), salary: contractSalaryCents({ monthlyBase, monthsPerYear, fixedExtras }) };
}

/** The field errors of a refused save: the data provider gives them as translation keys of the API's codes. */
function fieldErrorsOf(error: unknown): Record<string, string> {
  return (error instanceof HttpError ? (error.body as { errors?: Record<string, string> } | undefined)?.errors : undefined) ?? {};
}

/**
 * Record or edit one job outcome (docs/product/outcomes.md#record-an-outcome): the category; for a job, its offer and
 * salary in parts with the annual figures computed as typed; the evidence uploaded here (private, as contract files)
 * with what each file proves. The API checks everything again; its refusals appear beside their fields.
 */
export function OutcomeDialog({ student, outcome, onClose, onSaved }: { student: StudentResponse; outcome?: OutcomeResponse; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const [form, setForm] = useState<OutcomeForm>(() => formOf(outcome));
  const [evidence, setEvidence] = useState<EvidenceRow[]>(() => (outcome?.evidence ?? []).map(({ accessURL, originalName, kind }) => ({ accessURL, originalName, kind })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, { isPending: creating }] = useCreate<OutcomeResponse>();
  const [update, { isPending: updating }] = useUpdate<OutcomeResponse>();
  const { upload, uploading } = useStudentUpload('contract', async (added) =>
    setEvidence((rows) => [...rows, ...added.map((file) => ({ accessURL: file.accessURL, originalName: file.originalName, kind: 'offer_letter' as const }))]),
  );
  const job = isOfferCategory(form.category);
  const computed = job ? computedOf(form) : null;
  const saving = creating || updating;

  const set = (field: keyof OutcomeForm) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));
  const field = (name: keyof OutcomeForm, label: string, { hint, ...props }: { hint?: string } & TextFieldProps = {}) => (
    <TextField
      size="small"
      fullWidth
      label={translate(label)}
      value={form[name]}
      onChange={set(name)}
      error={!!errors[name]}
      helperText={errors[name] ? translate(errors[name]) : hint ? translate(hint) : ' '}
      {...props}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(form, evidence);
    const options = {
      onSuccess: () => {
        notify('aipm.students.outcomes.saved', { type: 'success' });
        onSaved();
      },
      onError: (error: unknown) => {
        const fields = fieldErrorsOf(error);
        setErrors(fields);
        if (Object.keys(fields).length === 0) notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
      },
    };
    if (outcome) void update('outcomes', { id: outcome.id, data: body, previousData: outcome }, { ...options, mutationMode: 'pessimistic' });
    else void create('outcomes', { data: { studentId: student.id, ...body } }, options);
  };

  const dateProps: TextFieldProps = { type: 'date', slotProps: { inputLabel: { shrink: true } } };
  const decimal: TextFieldProps = { slotProps: { htmlInput: { inputMode: 'decimal' } } };
  return (
    <Dialog open onClose={saving ? undefined : onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{translate(outcome ? 'aipm.students.outcomes.dialog_edit' : 'aipm.students.outcomes.dialog_add')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 1, pt: '8px !important' }}>
          <TextField select size="small" fullWidth label={translate('aipm.students.outcomes.category')} value={form.category} onChange={set('category')} error={!!errors['category']} helperText={errors['category'] ? translate(errors['category']) : ' '}>
            {OUTCOME_CATEGORIES.map((category) => (
              <MenuItem key={category} value={category}>
                {translate(`aipm.students.outcomes.categories.${category}`)}
              </MenuItem>
            ))}
          </TextField>
          {field('date', 'aipm.students.outcomes.date', { ...dateProps, required: true, hint: 'aipm.students.outcomes.date_hint' })}
          {job ? (
            <>
              {field('employer', 'aipm.students.outcomes.employer', { required: true })}
              {field('title', 'aipm.students.outcomes.title_field', { required: true })}
              {field('city', 'aipm.students.outcomes.city', { required: true })}
              {field('startDate', 'aipm.students.outcomes.startDate', { ...dateProps, required: true })}
              <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 2fr' } }}>
                {field('monthlyBase', 'aipm.students.outcomes.monthlyBase', { ...decimal, required: true })}
                {field('monthsPerYear', 'aipm.students.outcomes.monthsPerYear', { required: true, slotProps: { htmlInput: { inputMode: 'numeric' } } })}
                {field('fixedExtras', 'aipm.students.outcomes.fixedExtras', { ...decimal, hint: 'aipm.students.outcomes.fixedExtras_hint' })}
              </Box>
              <Typography variant="body2" aria-live="polite" data-testid="outcome-computed">
                {computed ? translate('aipm.students.outcomes.computed', { base: formatMoneyFromCents(computed.base), salary: formatMoneyFromCents(computed.salary) }) : ' '}
              </Typography>
            </>
          ) : null}
          {field('notes', 'aipm.students.outcomes.notes', { multiline: true, minRows: 2 })}
          <EvidenceField
            rows={evidence}
            uploading={uploading}
            error={errors['evidence']}
            onFiles={(files) => void upload(files)}
            onKind={(accessURL, kind) => setEvidence((rows) => rows.map((row) => (row.accessURL === accessURL ? { ...row, kind } : row)))}
            onRemove={(accessURL) => setEvidence((rows) => rows.filter((row) => row.accessURL !== accessURL))}
          />
        </DialogContent>
        {/* On phones the dialog fills the screen: its buttons sit above the toasts that open at the bottom. */}
        <DialogActions sx={{ pb: { xs: 9, sm: 1 } }}>
          <Button onClick={onClose} disabled={saving}>
            {translate('aipm.students.outcomes.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving || uploading}>
            {translate('aipm.students.outcomes.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The evidence list of the form: each file with what it proves, view and remove; the upload button and the rule. */
function EvidenceField({
  rows,
  uploading,
  error,
  onFiles,
  onKind,
  onRemove,
}: {
  rows: readonly EvidenceRow[];
  uploading: boolean;
  error: string | undefined;
  onFiles: (files: File[]) => void;
  onKind: (accessURL: string, kind: EvidenceKind) => void;
  onRemove: (accessURL: string) => void;
}) {
  const translate = useTranslate();
  const labelId = useId();
  return (
    <Box role="group" aria-labelledby={labelId} data-testid="outcome-evidence">
      <Typography id={labelId} variant="body2" color="text.secondary">
        {translate('aipm.students.outcomes.evidence')}
      </Typography>
      {rows.length === 0 ? <Typography variant="body2">{translate('aipm.students.outcomes.evidence_none')}</Typography> : null}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => (
          <Box component="li" key={row.accessURL} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, py: 0.5 }}>
            <Typography variant="body2" sx={{ wordBreak: 'break-all', flex: '1 1 10rem' }}>
              {row.originalName}
            </Typography>
            <TextField
              select
              size="small"
              label={translate('aipm.students.outcomes.evidence_kind', { name: row.originalName })}
              value={row.kind}
              onChange={(event) => onKind(row.accessURL, event.target.value as EvidenceKind)}
              sx={{ minWidth: 150 }}
            >
              {EVIDENCE_KINDS.map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {translate(`aipm.students.outcomes.evidence_kinds.${kind}`)}
                </MenuItem>
              ))}
            </TextField>
            <Button size="small" href={row.accessURL} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewIcon />}>
              {translate('aipm.students.outcomes.evidence_view')}
            </Button>
            <Button size="small" color="error" onClick={() => onRemove(row.accessURL)} disabled={uploading}>
              {translate('aipm.students.outcomes.evidence_remove')}
            </Button>
          </Box>
        ))}
      </Box>
      <PickFilesButton kind="contract" multiple disabled={uploading} label={translate(uploading ? 'aipm.students.upload.uploading' : 'aipm.students.outcomes.evidence_upload')} onFiles={onFiles} testId="outcome-evidence-input" />
      <Typography variant="caption" color={error ? 'error' : 'text.secondary'} component="p" role={error ? 'alert' : undefined}>
        {translate(error ?? 'aipm.students.outcomes.evidence_hint')}
      </Typography>
    </Box>
  );
}
