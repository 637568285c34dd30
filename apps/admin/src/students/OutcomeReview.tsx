import { OUTCOME_LIMITS, type OutcomeResponse } from '@aipm/contracts';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useOutcomesApi } from './outcomesApi';

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'ra.notification.http_error');

/**
 * Where a student's offer report stands, on its line of 就业结果 (docs/product/outcomes.md#offers-reported-by-students):
 * reported by the student, waiting, returned with the reason, or accepted; while it waits, 接受 and 退回 (with a
 * reason the student reads). Nothing for what the administrator recorded.
 */
export function OutcomeReview({ outcome, name, onReviewed }: { outcome: OutcomeResponse; name: string; onReviewed: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useOutcomesApi();
  const [busy, setBusy] = useState(false);
  const [returning, setReturning] = useState(false);
  if (!outcome.reportedByStudent) return null;

  const accept = async () => {
    setBusy(true);
    try {
      await api.accept(outcome.id);
      notify('aipm.students.outcomes.review.accepted', { type: 'success' });
      onReviewed();
    } catch (error) {
      notify('aipm.students.outcomes.review.failed', { type: 'error', messageArgs: { message: translate(errorText(error)) } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box data-testid="outcome-review" sx={{ my: 0.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Chip size="small" variant="outlined" label={translate('aipm.students.outcomes.review.reported')} />
        <Chip
          size="small"
          color={outcome.reviewState === 'pending' ? 'warning' : outcome.reviewState === 'returned' ? 'default' : 'success'}
          label={translate(`aipm.students.outcomes.review.states.${outcome.reviewState}`)}
        />
        {outcome.reviewState === 'pending' ? (
          <>
            <Button size="small" variant="contained" disabled={busy} onClick={() => void accept()} aria-label={translate('aipm.students.outcomes.review.accept_named', { name })}>
              {translate('aipm.students.outcomes.review.accept')}
            </Button>
            <Button size="small" disabled={busy} onClick={() => setReturning(true)} aria-label={translate('aipm.students.outcomes.review.return_named', { name })}>
              {translate('aipm.students.outcomes.review.return')}
            </Button>
          </>
        ) : null}
      </Stack>
      {outcome.reviewState === 'returned' && outcome.returnReason ? (
        <Typography variant="body2" color="text.secondary">
          {translate('aipm.students.outcomes.review.returned_reason', { reason: outcome.returnReason })}
        </Typography>
      ) : null}
      {returning ? (
        <ReturnDialog
          outcomeId={outcome.id}
          onClose={() => setReturning(false)}
          onReturned={() => {
            setReturning(false);
            onReviewed();
          }}
        />
      ) : null}
    </Box>
  );
}

/** 退回录用报告: the reason (required, at most 200 characters), checked here and by the API. */
function ReturnDialog({ outcomeId, onClose, onReturned }: { outcomeId: string; onClose: () => void; onReturned: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useOutcomesApi();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) return setError(translate('aipm.errors.RETURN_REASON_REQUIRED'));
    if (trimmed.length > OUTCOME_LIMITS.returnReason) return setError(translate('aipm.errors.RETURN_REASON_TOO_LONG'));
    setSaving(true);
    try {
      await api.returnReport(outcomeId, trimmed);
      notify('aipm.students.outcomes.review.returned', { type: 'success' });
      onReturned();
    } catch (failure) {
      setError(translate(errorText(failure)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{translate('aipm.students.outcomes.review.return_title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label={translate('aipm.students.outcomes.review.reason')}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={error ?? translate('aipm.students.outcomes.review.return_hint')}
            slotProps={{ htmlInput: { maxLength: OUTCOME_LIMITS.returnReason } }}
            required
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {translate('aipm.students.outcomes.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate('aipm.students.outcomes.review.confirm_return')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
