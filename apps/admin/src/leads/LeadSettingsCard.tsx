import { LEAD_STATUS_REASON_LIMITS, type LeadSettings, type SaveLeadSettingsRequest } from '@aipm/contracts';
import AddIcon from '@mui/icons-material/Add';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Box, Button, Card, CardContent, IconButton, LinearProgress, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { LEAD_SETTINGS_QUERY_KEY, useLeadSettingsApi } from './leadSettingsApi';

type Row = SaveLeadSettingsRequest['statusReasons'][number] & { stored: boolean };

const rowsOf = (settings: LeadSettings): Row[] =>
  settings.statusReasons.filter((reason) => !reason.retired).map(({ code, zh, en }) => ({ code, zh, en, stored: true }));

/**
 * 线索设置 (docs/product/back-office.md#lead-settings): the reasons offered when a lead is marked invalid or lost.
 * A stored reason's code is fixed (leads name it); removing a reason retires it on the server.
 */
export function LeadSettingsCard() {
  const translate = useTranslate();
  const api = useLeadSettingsApi();
  const settings = useQuery({ queryKey: LEAD_SETTINGS_QUERY_KEY, queryFn: () => api.read() });
  const t = (key: string, options?: object) => translate(`aipm.lead_follow_up.settings.${key}`, options);

  return (
    <Card sx={{ mt: 2, mb: 2 }} data-testid="lead-settings">
      <CardContent>
        <Typography component="h2" variant="h6">
          {t('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2 }}>
          {t('hint')}
        </Typography>
        {settings.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {settings.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('load_failed', { message: settings.error instanceof Error ? translate(settings.error.message, { _: settings.error.message }) : String(settings.error) })}
          </Alert>
        )}
        {settings.data && <ReasonsForm settings={settings.data} />}
      </CardContent>
    </Card>
  );
}

function ReasonsForm({ settings }: { settings: LeadSettings }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const api = useLeadSettingsApi();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(settings));
  const t = (key: string, options?: object) => translate(`aipm.lead_follow_up.settings.${key}`, options);

  const save = useMutation({
    mutationFn: (body: SaveLeadSettingsRequest) => api.save(body),
    onSuccess: (saved) => {
      setRows(rowsOf(saved));
      queryClient.setQueryData(LEAD_SETTINGS_QUERY_KEY, saved);
      notify('aipm.lead_follow_up.settings.saved', { type: 'success' });
    },
    onError: (error) =>
      notify('aipm.lead_follow_up.settings.save_failed', {
        type: 'error',
        messageArgs: { message: error instanceof Error ? translate(error.message, { _: error.message }) : String(error) },
      }),
  });

  const update = (index: number, field: 'code' | 'zh' | 'en', value: string) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, [field]: value } : row)));
  const moveUp = (index: number) => setRows((current) => [...current.slice(0, index - 1), current[index]!, current[index - 1]!, ...current.slice(index + 1)]);
  const remove = (index: number) => setRows((current) => current.filter((_, at) => at !== index));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ statusReasons: rows.map(({ code, zh, en }) => ({ code: code.trim(), zh, en })) });
  };
  const retired = settings.statusReasons.filter((reason) => reason.retired).map((reason) => reason[locale === 'en' ? 'en' : 'zh']);

  return (
    <Box component="form" onSubmit={submit} noValidate>
      {rows.map((row, index) => (
        <Box key={index} data-testid="lead-reason-row" sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr 1fr auto' }, alignItems: 'center', mb: 1 }}>
          <TextField
            size="small"
            label={t('code')}
            value={row.code}
            onChange={(event) => update(index, 'code', event.target.value)}
            disabled={row.stored}
            slotProps={{ htmlInput: { maxLength: LEAD_STATUS_REASON_LIMITS.code } }}
            helperText={row.stored ? undefined : t('code_hint')}
          />
          <TextField size="small" label={t('zh')} value={row.zh} onChange={(event) => update(index, 'zh', event.target.value)} slotProps={{ htmlInput: { maxLength: LEAD_STATUS_REASON_LIMITS.label } }} />
          <TextField size="small" label={t('en')} value={row.en} onChange={(event) => update(index, 'en', event.target.value)} slotProps={{ htmlInput: { maxLength: LEAD_STATUS_REASON_LIMITS.label } }} />
          <Box sx={{ display: 'flex' }}>
            <IconButton size="small" aria-label={`${t('move_up')} ${row.zh}`} disabled={index === 0} onClick={() => moveUp(index)}>
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" aria-label={`${t('remove')} ${row.zh}`} disabled={rows.length === 1} onClick={() => remove(index)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        </Box>
      ))}
      {retired.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('retired', { labels: retired.join('、') })}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button
          startIcon={<AddIcon />}
          disabled={rows.length >= LEAD_STATUS_REASON_LIMITS.reasons}
          onClick={() => setRows((current) => [...current, { code: '', zh: '', en: '', stored: false }])}
        >
          {t('add')}
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('save')}
        </Button>
      </Box>
    </Box>
  );
}
