import { LEAD_STATUS_REASON_LIMITS, type LeadStatus } from '@aipm/contracts';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { statusLabelKey, useLeadKind } from './leadChoices';
import { LEAD_SETTINGS_QUERY_KEY, useLeadSettingsApi } from './leadSettingsApi';

export interface StatusReasonChoice {
  statusReason: string;
  statusNote: string | null;
}

/** 线索设置's reasons (offered and retired), read once per page and shared by the dialog and the reason shown. */
export function useLeadStatusReasons(enabled: boolean) {
  const api = useLeadSettingsApi();
  return useQuery({ queryKey: LEAD_SETTINGS_QUERY_KEY, queryFn: () => api.read(), enabled, select: (settings) => settings.statusReasons });
}

/**
 * Asks why a lead is given up (docs/product/back-office.md#lead-follow-up): one of 线索设置's offered reasons,
 * required, and an optional note. Nothing is saved here: the choice goes into the follow-up form, saved with it.
 */
export function StatusReasonDialog({
  status,
  initial,
  onConfirm,
  onCancel,
}: {
  /** The status being set (invalid or lost); null keeps the dialog closed. */
  status: LeadStatus | null;
  initial: Partial<StatusReasonChoice>;
  onConfirm: (choice: StatusReasonChoice) => void;
  onCancel: () => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const kind = useLeadKind();
  const titleId = useId();
  const reasons = useLeadStatusReasons(status !== null);
  const [reason, setReason] = useState(initial.statusReason ?? '');
  const [note, setNote] = useState(initial.statusNote ?? '');
  useEffect(() => {
    if (status === null) return;
    setReason(initial.statusReason ?? '');
    setNote(initial.statusNote ?? '');
    // Each opening starts from the lead's current choice.
  }, [status]);

  const offered = (reasons.data ?? []).filter((entry) => !entry.retired);
  const language = locale === 'en' ? 'en' : 'zh';
  const tooLong = note.length > LEAD_STATUS_REASON_LIMITS.statusNote;
  const t = (key: string, options?: object) => translate(`aipm.lead_follow_up.reason_dialog.${key}`, options);

  return (
    <Dialog open={status !== null} onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{status && t('title', { status: translate(statusLabelKey(kind, status)) })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('hint')}</DialogContentText>
        {reasons.isPending && <LinearProgress aria-label={t('loading')} />}
        {reasons.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void reasons.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('load_failed', { message: reasons.error instanceof Error ? translate(reasons.error.message, { _: reasons.error.message }) : String(reasons.error) })}
          </Alert>
        )}
        {reasons.data && (
          <FormControl component="fieldset" required>
            <FormLabel component="legend">{t('reason')}</FormLabel>
            <RadioGroup name="statusReason" value={reason} onChange={(event) => setReason(event.target.value)}>
              {offered.map((entry) => (
                <FormControlLabel key={entry.code} value={entry.code} control={<Radio size="small" />} label={entry[language]} />
              ))}
            </RadioGroup>
          </FormControl>
        )}
        <TextField
          label={t('note')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          sx={{ mt: 2 }}
          error={tooLong}
          helperText={`${note.length} / ${LEAD_STATUS_REASON_LIMITS.statusNote}`}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('cancel')}</Button>
        <Button
          variant="contained"
          disabled={!offered.some((entry) => entry.code === reason) || tooLong}
          onClick={() => onConfirm({ statusReason: reason, statusNote: note.trim() ? note.trim() : null })}
        >
          {t('confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
