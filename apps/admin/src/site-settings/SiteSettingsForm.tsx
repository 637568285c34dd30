import { COHORT_PARTS, formatCohortStart, formatFee, SITE_SETTINGS_DEFAULTS, type SiteSettings, type SiteSettingsField, siteSettingsFailures } from '@aipm/contracts';
import { Box, Button, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { HttpError, useLocaleState, useNotify, useTranslate } from 'react-admin';

import { errorKey } from '../i18n/error-key';
import { HeroFiguresFields } from './HeroFiguresFields';
import { SITE_SETTINGS_QUERY_KEY, useSiteSettingsApi } from './siteSettingsApi';

/** The fields held as a choice rather than typed text. */
type ChoiceField = 'cohortPart' | 'heroStudentsSource' | 'heroCompletionSource';

/** What the inputs hold: text, the fees included (an empty fee is refused, not read as 0). */
export type SiteSettingsDraft = Record<Exclude<SiteSettingsField, ChoiceField>, string> & Pick<SiteSettings, ChoiceField>;

export function draftOf(settings: SiteSettings): SiteSettingsDraft {
  return { ...settings, feeMin: String(settings.feeMin), feeMax: String(settings.feeMax), leadRetentionMonths: String(settings.leadRetentionMonths) };
}

/** The body of the PUT; an empty or non-numeric number becomes NaN, which the rules refuse before the call. */
export function settingsOf(draft: SiteSettingsDraft): SiteSettings {
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));
  return {
    ...draft,
    salesPhone: draft.salesPhone.trim(),
    wechatId: draft.wechatId.trim(),
    cohortMonth: draft.cohortMonth.trim(),
    feeMin: number(draft.feeMin),
    feeMax: number(draft.feeMax),
    leadRetentionMonths: number(draft.leadRetentionMonths),
  };
}

/** The per-field translation keys of a refused save (dataProvider's translatableError). */
function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError)) return {};
  const errors = (error.body as { errors?: unknown } | undefined)?.errors;
  return typeof errors === 'object' && errors !== null ? (errors as Record<string, string>) : {};
}

const TEXT_FIELDS: ReadonlyArray<{ field: 'salesPhone' | 'wechatId' | 'address' | 'addressEn' | 'officeHours' | 'officeHoursEn'; label: string; type?: string; autoComplete?: string }> = [
  { field: 'salesPhone', label: 'sales_phone', type: 'tel' },
  { field: 'wechatId', label: 'wechat_id' },
  { field: 'address', label: 'address' },
  { field: 'addressEn', label: 'address_en' },
  { field: 'officeHours', label: 'office_hours' },
  { field: 'officeHoursEn', label: 'office_hours_en' },
];

/**
 * 网站设置 (docs/product/back-office.md#site-settings): the next cohort, the fee range and the contact details the
 * public site shows.
 * The rules are checked before the call with the API's codes; the API's own refusal shows beside the field.
 */
export function SiteSettingsForm({ settings }: { settings: SiteSettings }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const api = useSiteSettingsApi();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SiteSettingsDraft>(() => draftOf(settings));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: (next: SiteSettings) => api.save(next),
    onSuccess: (saved) => {
      setFieldErrors({});
      setDraft(draftOf(saved));
      queryClient.setQueryData(SITE_SETTINGS_QUERY_KEY, saved);
      notify('aipm.site_settings.saved', { type: 'success' });
    },
    onError: (error) => {
      setFieldErrors(serverFieldErrors(error));
      notify('aipm.site_settings.save_failed', {
        type: 'error',
        messageArgs: { message: error instanceof Error ? translate(error.message, { _: error.message }) : String(error) },
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = settingsOf(draft);
    const failures = siteSettingsFailures(next);
    if (Object.keys(failures).length > 0) {
      setFieldErrors(Object.fromEntries(Object.entries(failures).map(([field, code]) => [field, errorKey(code)])));
      return;
    }
    save.mutate(next);
  };
  const set = (field: keyof SiteSettingsDraft) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [field]: event.target.value }));
  const fieldError = (name: string) => (fieldErrors[name] ? translate(fieldErrors[name], { _: fieldErrors[name] }) : undefined);
  const label = (key: string) => translate(`aipm.site_settings.${key}`);
  const preview = settingsOf(draft);
  const previewable = Object.keys(siteSettingsFailures(preview)).length === 0;

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="site-settings-cohort">
      <Typography id="site-settings-cohort" component="h2" variant="h6">
        {label('cohort')}
      </Typography>
      {/* docs/product/cohorts.md#the-next-cohort-on-the-site */}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {label('cohort_from_cohorts')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1, alignItems: { sm: 'flex-start' } }}>
        <TextField
          name="cohortMonth"
          // Outlined: react-admin's filled inputs put the focused label at 4.0:1 on their grey (axe).
          variant="outlined"
          size="small"
          type="month"
          label={label('cohort_month')}
          value={draft.cohortMonth}
          onChange={set('cohortMonth')}
          error={Boolean(fieldError('cohortMonth'))}
          helperText={fieldError('cohortMonth') ?? label('cohort_month_hint')}
          disabled={save.isPending}
          sx={{ width: { xs: '100%', sm: 220 } }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormControl error={Boolean(fieldError('cohortPart'))} disabled={save.isPending}>
          <FormLabel id="site-settings-part">{label('cohort_part')}</FormLabel>
          <RadioGroup row aria-labelledby="site-settings-part" name="cohortPart" value={draft.cohortPart} onChange={set('cohortPart')}>
            {COHORT_PARTS.map((part) => (
              <FormControlLabel key={part} value={part} control={<Radio />} label={label(`parts.${part}`)} />
            ))}
          </RadioGroup>
          {fieldError('cohortPart') && <FormHelperText>{fieldError('cohortPart')}</FormHelperText>}
        </FormControl>
      </Stack>

      <Typography component="h2" variant="h6" sx={{ mt: 3 }}>
        {label('fees')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
        {(['feeMin', 'feeMax'] as const).map((field) => (
          <TextField
            key={field}
            name={field}
            variant="outlined"
            size="small"
            type="number"
            label={label(field === 'feeMin' ? 'fee_min' : 'fee_max')}
            value={draft[field]}
            onChange={set(field)}
            error={Boolean(fieldError(field))}
            helperText={fieldError(field)}
            disabled={save.isPending}
            sx={{ width: { xs: '100%', sm: 220 } }}
            slotProps={{ htmlInput: { min: 1, step: 100, inputMode: 'numeric' } }}
          />
        ))}
      </Stack>

      <Typography component="h2" variant="h6" sx={{ mt: 3 }}>
        {label('contact')}
      </Typography>
      <Stack spacing={2} sx={{ mt: 1, maxWidth: 640 }}>
        {TEXT_FIELDS.map(({ field, label: key, type }) => (
          <TextField
            key={field}
            name={field}
            variant="outlined"
            size="small"
            type={type ?? 'text'}
            label={label(key)}
            value={draft[field]}
            onChange={set(field)}
            error={Boolean(fieldError(field))}
            helperText={fieldError(field)}
            disabled={save.isPending}
            fullWidth
          />
        ))}
      </Stack>

      <HeroFiguresFields sources={draft} onChange={(field, source) => setDraft((current) => ({ ...current, [field]: source }))} disabled={save.isPending} />

      <Typography component="h2" variant="h6" sx={{ mt: 3 }}>
        {label('privacy')}
      </Typography>
      <TextField
        name="leadRetentionMonths"
        variant="outlined"
        size="small"
        type="number"
        label={label('lead_retention_months')}
        value={draft.leadRetentionMonths}
        onChange={set('leadRetentionMonths')}
        error={Boolean(fieldError('leadRetentionMonths'))}
        helperText={fieldError('leadRetentionMonths') ?? label('lead_retention_hint')}
        disabled={save.isPending}
        sx={{ mt: 1, width: { xs: '100%', sm: 220 } }}
        slotProps={{ htmlInput: { min: 6, max: 120, step: 1, inputMode: 'numeric' } }}
      />

      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }} aria-live="polite" data-testid="site-settings-preview">
        {previewable
          ? translate('aipm.site_settings.preview', { cohort: formatCohortStart(preview.cohortMonth, preview.cohortPart, locale), min: formatFee(preview.feeMin), max: formatFee(preview.feeMax) })
          : ''}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {label('save')}
        </Button>
        <Button
          type="button"
          variant="outlined"
          disabled={save.isPending}
          aria-describedby="site-settings-restore-hint"
          onClick={() => {
            setDraft(draftOf(SITE_SETTINGS_DEFAULTS));
            setFieldErrors({});
          }}
        >
          {label('restore_defaults')}
        </Button>
        <Typography id="site-settings-restore-hint" variant="caption" color="text.secondary">
          {label('restore_hint')}
        </Typography>
      </Stack>
    </Box>
  );
}
