import { type CrawlerCheckCallSettings } from '@aipm/contracts';
import { Alert, Box, Button, Card, CardContent, FormControlLabel, LinearProgress, Switch, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';

import { crawlerCheckQueryKey, usePhoneConfigApi } from './phoneConfigApi';

/**
 * The setting of the call when a crawl waits for a human check (docs/product/phone.md#crawler-check-call): off by
 * default, and the Alibaba Cloud template it speaks from. The API checks every field and answers a code per field.
 */
export function CrawlerCheckCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const api = usePhoneConfigApi();
  const t = (key: string, options?: object) => translate(`aipm.phone_config.crawler_check.${key}`, options);

  const stored = useQuery({ queryKey: crawlerCheckQueryKey, queryFn: () => api.crawlerCheck() });
  const [form, setForm] = useState<CrawlerCheckCallSettings | null>(null);
  useEffect(() => {
    if (stored.data) setForm(stored.data);
  }, [stored.data]);

  const save = useMutation({
    mutationFn: (settings: CrawlerCheckCallSettings) => api.saveCrawlerCheck(settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(crawlerCheckQueryKey, saved);
      notify('aipm.phone_config.crawler_check.saved', { type: 'success' });
    },
    // The error's message is the code's translation key (aipm.errors.<CODE>).
    onError: (error) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
  });

  return (
    <Card component="section" aria-labelledby="phone-crawler-check-title" sx={{ mt: 2 }} data-testid="phone-crawler-check">
      <CardContent>
        <Typography id="phone-crawler-check-title" component="h2" variant="h6">
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
              save.mutate(form);
            }}
          >
            <FormControlLabel
              control={<Switch checked={form.enabled} onChange={(event) => setForm({ ...form, enabled: event.target.checked })} />}
              label={t('enabled')}
            />
            <TextField
              label={t('tts_code')}
              value={form.ttsCode}
              onChange={(event) => setForm({ ...form, ttsCode: event.target.value })}
              placeholder="TTS_123456"
              helperText={t('tts_code_help')}
              required={form.enabled}
              fullWidth
              sx={{ mt: 1 }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('rules')}
            </Typography>
            <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={save.isPending}>
              {t('save')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
