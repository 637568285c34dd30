import { FOLLOW_UP_LIMITS } from '@aipm/contracts';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useFollowUpsApi } from './followUpsApi';

/** Where every follow-up query lives: completing one refreshes 今日待办 and the lead's list alike. */
const FOLLOW_UPS_QUERIES = ['aipm', 'follow-ups'] as const;

/** 完成: the result of the call, message or meeting, required; the follow-up is done once saved. */
export function CompleteFollowUpDialog({ followUpId, name, onClose }: { followUpId: string; name: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useFollowUpsApi();
  const queryClient = useQueryClient();
  const [result, setResult] = useState('');
  const t = (key: string, options?: object) => translate(`aipm.follow_ups.complete.${key}`, options);
  const save = useMutation({
    mutationFn: () => api.complete(followUpId, { result: result.trim() }),
    onSuccess: () => {
      notify('aipm.follow_ups.complete.done', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: FOLLOW_UPS_QUERIES });
      onClose();
    },
    onError: (error) =>
      notify('aipm.follow_ups.complete.failed', { type: 'error', messageArgs: { message: error instanceof Error ? translate(error.message, { _: error.message }) : String(error) } }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="complete-follow-up-title" fullWidth maxWidth="sm">
      <form onSubmit={submit}>
        <DialogTitle id="complete-follow-up-title">
          {t('title')} · {name}
        </DialogTitle>
        <DialogContent>
          <TextField
            label={t('result')}
            value={result}
            onChange={(event) => setResult(event.target.value)}
            required
            multiline
            minRows={2}
            fullWidth
            autoFocus
            margin="dense"
            slotProps={{ htmlInput: { maxLength: FOLLOW_UP_LIMITS.result } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending || result.trim() === ''}>
            {t('confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
