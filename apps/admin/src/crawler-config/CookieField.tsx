import { Box, Button, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** What the form will do with one site's cookie on save. */
export type CookieEdit = { mode: 'keep' } | { mode: 'replace'; value: string } | { mode: 'remove' };

export interface CookieFieldProps {
  /** The settings key, e.g. zhaopin_cookie; also the field name of the API's errors. */
  name: string;
  siteName: string;
  /** As GET answered it: the first and last characters, or '' when none is stored. */
  masked: string;
  edit: CookieEdit;
  onChange: (edit: CookieEdit) => void;
  /** A translated error of the API for this field. */
  error?: string;
  disabled?: boolean;
}

/** One site's cookie: shown masked, replaced by typing a new one, or removed; nothing changes until saved. */
export function CookieField({ name, siteName, masked, edit, onChange, error, disabled }: CookieFieldProps) {
  const translate = useTranslate();
  const labelId = `${name}-label`;
  const errorId = `${name}-error`;
  return (
    <Box role="group" aria-labelledby={labelId} data-testid={`cookie-${name}`} sx={{ py: 1 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={labelId} variant="body2" sx={{ fontWeight: 600, minWidth: 140 }}>
          {translate('aipm.crawler_config.cookie_label', { site: siteName })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontFamily: masked ? 'monospace' : undefined, overflowWrap: 'anywhere', flex: '1 1 160px' }} data-testid="cookie-state">
          {edit.mode === 'remove'
            ? translate('aipm.crawler_config.cookie_will_remove')
            : masked
              ? translate('aipm.crawler_config.cookie_saved', { masked })
              : translate('aipm.crawler_config.cookie_none')}
        </Typography>
        {edit.mode === 'keep' ? (
          <>
            <Button size="small" disabled={disabled} onClick={() => onChange({ mode: 'replace', value: '' })}>
              {translate('aipm.crawler_config.cookie_replace')}
            </Button>
            {masked && (
              <Button size="small" color="error" disabled={disabled} onClick={() => onChange({ mode: 'remove' })}>
                {translate('aipm.crawler_config.cookie_remove')}
              </Button>
            )}
          </>
        ) : (
          <Button size="small" disabled={disabled} onClick={() => onChange({ mode: 'keep' })}>
            {translate('aipm.crawler_config.cookie_undo')}
          </Button>
        )}
      </Stack>
      {edit.mode === 'replace' && (
        <TextField
          name={name}
          // Outlined: react-admin's filled inputs put the focused label at 4.0:1 on their grey (axe).
          variant="outlined"
          label={translate('aipm.crawler_config.cookie_new', { site: siteName })}
          value={edit.value}
          onChange={(event) => onChange({ mode: 'replace', value: event.target.value })}
          error={Boolean(error)}
          helperText={error}
          disabled={disabled}
          autoFocus
          fullWidth
          multiline
          minRows={2}
          size="small"
          sx={{ mt: 1 }}
          // A session secret: neither remembered by the browser nor spell-checked.
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
      )}
      {edit.mode !== 'replace' && error && (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
