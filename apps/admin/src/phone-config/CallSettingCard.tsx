import { Alert, Box, Button, Card, CardContent, FormControlLabel, LinearProgress, Stack, Switch, TextField, Typography } from '@mui/material';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';

/** What every call of its own is set by: a switch, and the Alibaba Cloud template it speaks from. */
interface CallSetting {
  enabled: boolean;
  ttsCode: string;
}

interface CallSettingCardProps<S extends CallSetting> {
  /** Where its texts are, under aipm.phone_config (title, intro with the template's text to register, rules…). */
  messages: string;
  titleId: string;
  testId: string;
  queryKey: QueryKey;
  load: () => Promise<S>;
  save: (settings: S) => Promise<S>;
  /** The call's own fields, before the template code (the daily summary's time). */
  children?: (fields: { form: S; setForm: (form: S) => void; t: (key: string) => string }) => ReactNode;
}

/**
 * The card of a call with a setting of its own on 电话通知 (docs/product/phone.md): a switch, off by default, the code
 * of the template registered for it, and the rules it is placed by. The API checks every field and answers a code
 * per field.
 */
export function CallSettingCard<S extends CallSetting>({ messages, titleId, testId, queryKey, load, save, children }: CallSettingCardProps<S>) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const t = (key: string, options?: object) => translate(`aipm.phone_config.${messages}.${key}`, options);

  const stored = useQuery({ queryKey, queryFn: load });
  const [form, setForm] = useState<S | null>(null);
  useEffect(() => {
    if (stored.data) setForm(stored.data);
  }, [stored.data]);

  const update = useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      notify(`aipm.phone_config.${messages}.saved`, { type: 'success' });
    },
    // The error's message is the code's translation key (aipm.errors.<CODE>).
    onError: (error) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
  });

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mt: 2 }} data-testid={testId}>
      <CardContent>
        <Typography id={titleId} component="h2" variant="h6">
          {t('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('intro')}
        </Typography>
        {stored.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {stored.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('load_failed', { message: stored.error instanceof Error ? translate(stored.error.message, { _: stored.error.message }) : String(stored.error) })}
          </Alert>
        )}
        {form && (
          <Box
            component="form"
            sx={{ mt: 2 }}
            onSubmit={(event) => {
              event.preventDefault();
              update.mutate(form);
            }}
          >
            <FormControlLabel
              control={<Switch checked={form.enabled} onChange={(event) => setForm({ ...form, enabled: event.target.checked })} />}
              label={t('enabled')}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
              {children?.({ form, setForm, t })}
              <TextField
                label={t('tts_code')}
                value={form.ttsCode}
                onChange={(event) => setForm({ ...form, ttsCode: event.target.value })}
                placeholder="TTS_123456"
                helperText={t('tts_code_help')}
                required={form.enabled}
                sx={{ flex: 1 }}
              />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('rules')}
            </Typography>
            <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={update.isPending}>
              {t('save')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
