import { formatDateTime, type StudentAccountResponse } from '@aipm/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkIcon from '@mui/icons-material/Link';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';

import { useErrorText } from '../crawler/useErrorText';
import { useStudentAccountsApi } from './studentAccountsApi';

/**
 * 生成重置链接 for one 学员登录 (docs/product/student-portal.md#password-reset): the API makes a one-time link, valid
 * 24 hours, and keeps only its hash, so the dialog shows it this once, whole, with 复制链接 and its expiry. No email is
 * sent: the administrator passes it on. The back office is served by the site's own front door (one origin, README's
 * Architecture), so this page's origin is the site's.
 */
export function ResetLinkButton({ account }: { account: Pick<StudentAccountResponse, 'id' | 'username'> }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const errorText = useErrorText();
  const api = useStudentAccountsApi();
  const titleId = useId();
  const linkField = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  const label = (key: string, options?: Record<string, unknown>) => translate(`aipm.students.reset_link.${key}`, options);
  // Apart from the answer, so the link stays in the dialog while it closes.
  const [open, setOpen] = useState(false);
  const make = useMutation({
    mutationFn: () => api.resetLink(account.id),
    onSuccess: () => setOpen(true),
    onError: (error) => notify(label('failed', { message: errorText(error) }), { type: 'error' }),
  });
  const link = make.data ? `${window.location.origin}${make.data.path}` : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify(label('copied'), { type: 'success' });
    } catch {
      // No clipboard (an insecure origin, a refused permission): the link is selected for the administrator to copy.
      linkField.current?.select();
      notify(label('copy_failed'), { type: 'warning' });
    }
  };

  return (
    <>
      <Button size="small" startIcon={<LinkIcon />} onClick={() => make.mutate()} disabled={make.isPending} aria-label={label('make_for', { username: account.username })}>
        {label('make')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{label('title', { username: account.username })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {label('shown_once')}
          </Typography>
          {/* Multiline, so the whole link shows at 375 px; read-only, so the keyboard can still select and copy it. */}
          <TextField
            label={label('link')}
            value={link}
            multiline
            fullWidth
            inputRef={linkField}
            onFocus={(event) => event.target.select()}
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false, 'data-testid': 'reset-link' }, input: { sx: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
          />
          {make.data ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="reset-link-expiry">
              {label('expires', { time: formatDateTime(make.data.expiresAt, locale) })}
            </Typography>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button startIcon={<ContentCopyIcon />} variant="contained" onClick={() => void copy()}>
            {label('copy')}
          </Button>
          <Button onClick={() => setOpen(false)}>{label('close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
