import { ADMIN_PASSWORD_MIN_LENGTH, isErrorCode } from '@aipm/contracts';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { HttpError, useNotify, useTranslate } from 'react-admin';
import { takeSignInPassword } from '../auth/initialPassword';
import { errorKey } from '../i18n/error-messages';
import { PasswordInput } from '../login/PasswordInput';
import { useAccountApi } from './accountApi';

interface ChangePasswordDialogProps {
  open: boolean;
  /** First-time mode: set-password wording, the initial password as the current one, no cancel. */
  firstTime: boolean;
  onClose(): void;
  onChanged(): void;
}

/**
 * The dialog of docs/product/back-office.md#password-change with its client checks; a failure is shown by its code
 * (or a default).
 */
export function ChangePasswordDialog({ open, firstTime, onClose, onChanged }: ChangePasswordDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useAccountApi();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    // First time: the initial password the administrator just signed in with is the current one.
    if (open && firstTime) setCurrent((typed) => typed || (takeSignInPassword() ?? ''));
    if (!open) {
      setCurrent('');
      setNext('');
      setConfirmation('');
    }
  }, [open, firstTime]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!current || !next || !confirmation) return notify('aipm.password.required', { type: 'error' });
    if (next.length < ADMIN_PASSWORD_MIN_LENGTH) return notify('aipm.password.too_short', { type: 'error' });
    if (next !== confirmation) return notify('aipm.password.mismatch', { type: 'error' });
    setSubmitting(true);
    try {
      await api.changePassword(current, next);
      notify('aipm.password.success', { type: 'success' });
      onChanged();
    } catch (error) {
      // A 401 never arrives here: the data provider signed the administrator out (ADR 048).
      const code = error instanceof HttpError ? (error.body as { code?: unknown } | undefined)?.code : undefined;
      notify(isErrorCode(code) ? errorKey(code) : 'aipm.password.failed', { type: 'error' });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog open={open} onClose={firstTime ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="change-password-title">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="change-password-title">{translate(firstTime ? 'aipm.password.first_time_title' : 'aipm.password.title')}</DialogTitle>
        <DialogContent>
          {firstTime && <Alert severity="info">{translate('aipm.password.first_time_hint')}</Alert>}
          <PasswordInput
            name="currentPassword"
            translate={translate}
            label={translate(firstTime ? 'aipm.password.first_time_current' : 'aipm.password.current')}
            value={current}
            onChange={setCurrent}
            autoComplete="current-password"
            autoFocus
          />
          <PasswordInput name="newPassword" translate={translate} label={translate('aipm.password.new')} value={next} onChange={setNext} autoComplete="new-password" />
          <PasswordInput
            name="confirmNewPassword"
            translate={translate}
            label={translate('aipm.password.confirm')}
            value={confirmation}
            onChange={setConfirmation}
            autoComplete="new-password"
          />
        </DialogContent>
        <DialogActions>
          {!firstTime && <Button onClick={onClose}>{translate('aipm.password.cancel')}</Button>}
          <Button type="submit" variant="contained" disabled={submitting}>
            {translate(firstTime ? 'aipm.password.first_time_submit' : 'aipm.password.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
