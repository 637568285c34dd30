import {
  CrawlerConfigKey,
  type CrawlerConfig,
  DEFAULT_REQUEST_DELAY_MS,
  HUMAN_CHECK_TIMEOUT_MINUTES_MAX,
  HUMAN_CHECK_TIMEOUT_MINUTES_MIN,
  JOB_EXPIRY_DAYS_MAX,
  JOB_EXPIRY_DAYS_MIN,
  SEARCH_SITES,
  type SearchSite,
} from '@aipm/contracts';
import { Box, Button, Divider, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { HttpError, useNotify, useTranslate } from 'react-admin';

import { type CrawlerConfigChanges, CRAWLER_CONFIG_QUERY_KEY, useCrawlerConfigApi } from './crawlerConfigApi';
import { type CookieEdit, CookieField } from './CookieField';

/** Each site's cookie setting, in the catalogue's order. */
export const COOKIE_KEYS: Readonly<Record<SearchSite, keyof CrawlerConfig>> = {
  zhaopin: CrawlerConfigKey.ZhaopinCookie,
  job51: CrawlerConfigKey.Job51Cookie,
  zhipin: CrawlerConfigKey.BossCookie,
  lagou: CrawlerConfigKey.LagouCookie,
  liepin: CrawlerConfigKey.LiepinCookie,
};

const SWITCHES = ['user_agent_rotation', 'javascript_rendering', 'anti_detection'] as const;
type SwitchKey = (typeof SWITCHES)[number];

/**
 * docs/product/validation.md#crawler-settings: the request-delay input falls back to 3000 when it does not hold a
 * number.
 */
export function requestDelayOf(text: string): number {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(value) ? value : DEFAULT_REQUEST_DELAY_MS;
}

/**
 * The body of the save: the switches and delay always, a cookie only when replaced ('' removes it), the job
 * expiry only when changed (the server checks its bounds and answers INVALID_JOB_EXPIRY_DAYS beside the field).
 */
export function changesOf(
  delayText: string,
  switches: Record<SwitchKey, boolean>,
  cookies: Partial<Record<SearchSite, CookieEdit>>,
  expiry?: { text: string; saved: number },
  checkTimeout?: { text: string; saved: number },
): CrawlerConfigChanges {
  const changes: CrawlerConfigChanges = { request_delay: requestDelayOf(delayText), ...switches };
  if (expiry && expiry.text.trim() !== String(expiry.saved)) (changes as Record<string, unknown>).job_expiry_days = Number(expiry.text.trim());
  if (checkTimeout && checkTimeout.text.trim() !== String(checkTimeout.saved)) (changes as Record<string, unknown>).human_check_timeout_minutes = Number(checkTimeout.text.trim());
  for (const site of SEARCH_SITES) {
    const edit = cookies[site];
    if (edit?.mode === 'replace') (changes as Record<string, unknown>)[COOKIE_KEYS[site]] = edit.value.trim();
    if (edit?.mode === 'remove') (changes as Record<string, unknown>)[COOKIE_KEYS[site]] = '';
  }
  return changes;
}

/** The per-field translation keys of a refused save (dataProvider's translatableError). */
function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError)) return {};
  const errors = (error.body as { errors?: unknown } | undefined)?.errors;
  return typeof errors === 'object' && errors !== null ? (errors as Record<string, string>) : {};
}

/**
 * 高级设置 (docs/product/crawler.md#crawler-settings): a cookie per site (masked, replaceable, removable), the request
 * delay and the three switches; 保存成功 / 保存失败, with the API's field errors beside the inputs.
 */
export function AdvancedSettingsForm({ config }: { config: CrawlerConfig }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useCrawlerConfigApi();
  const queryClient = useQueryClient();
  const [delay, setDelay] = useState(String(config.request_delay));
  const [expiryDays, setExpiryDays] = useState(String(config.job_expiry_days));
  const [checkMinutes, setCheckMinutes] = useState(String(config.human_check_timeout_minutes));
  const [switches, setSwitches] = useState<Record<SwitchKey, boolean>>({
    user_agent_rotation: config.user_agent_rotation,
    javascript_rendering: config.javascript_rendering,
    anti_detection: config.anti_detection,
  });
  const [cookies, setCookies] = useState<Partial<Record<SearchSite, CookieEdit>>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: (changes: CrawlerConfigChanges) => api.save(changes),
    onSuccess: (saved) => {
      setFieldErrors({});
      setCookies({});
      setDelay(String(saved.request_delay));
      setExpiryDays(String(saved.job_expiry_days));
      setCheckMinutes(String(saved.human_check_timeout_minutes));
      queryClient.setQueryData(CRAWLER_CONFIG_QUERY_KEY, saved);
      notify('aipm.crawler_config.saved', { type: 'success' });
    },
    onError: (error) => {
      setFieldErrors(fieldErrorsOf(error));
      notify('aipm.crawler_config.save_failed', {
        type: 'error',
        messageArgs: { message: error instanceof Error ? translate(error.message, { _: error.message }) : String(error) },
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const days = Number(expiryDays.trim());
    if (expiryDays.trim() === '' || !Number.isInteger(days) || days < JOB_EXPIRY_DAYS_MIN || days > JOB_EXPIRY_DAYS_MAX) {
      // The server's rule, said before the call (an empty field would otherwise arrive as 0).
      setFieldErrors({ job_expiry_days: 'aipm.errors.INVALID_JOB_EXPIRY_DAYS' });
      return;
    }
    const minutes = Number(checkMinutes.trim());
    if (checkMinutes.trim() === '' || !Number.isInteger(minutes) || minutes < HUMAN_CHECK_TIMEOUT_MINUTES_MIN || minutes > HUMAN_CHECK_TIMEOUT_MINUTES_MAX) {
      setFieldErrors({ human_check_timeout_minutes: 'aipm.errors.INVALID_HUMAN_CHECK_TIMEOUT' });
      return;
    }
    save.mutate(changesOf(delay, switches, cookies, { text: expiryDays, saved: config.job_expiry_days }, { text: checkMinutes, saved: config.human_check_timeout_minutes }));
  };
  const fieldError = (name: string) => (fieldErrors[name] ? translate(fieldErrors[name], { _: fieldErrors[name] }) : undefined);

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="advanced-settings-title">
      <Typography id="advanced-settings-title" component="h2" variant="h6">
        {translate('aipm.crawler_config.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('aipm.crawler_config.hint')}
      </Typography>

      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate('aipm.crawler_config.cookies')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('aipm.crawler_config.cookies_hint')}
      </Typography>
      {SEARCH_SITES.map((site) => (
        <CookieField
          key={site}
          name={COOKIE_KEYS[site]}
          siteName={translate(`aipm.crawler_config.sites.${site}`)}
          masked={config[COOKIE_KEYS[site]] as string}
          edit={cookies[site] ?? { mode: 'keep' }}
          onChange={(edit) => setCookies((current) => ({ ...current, [site]: edit }))}
          error={fieldError(COOKIE_KEYS[site])}
          disabled={save.isPending}
        />
      ))}
      <Divider sx={{ my: 2 }} />

      <TextField
        name="request_delay"
        // Outlined: react-admin's filled inputs put the focused label at 4.0:1 on their grey (axe).
        variant="outlined"
        type="number"
        label={translate('aipm.crawler_config.request_delay')}
        value={delay}
        onChange={(event) => setDelay(event.target.value)}
        error={Boolean(fieldError('request_delay'))}
        helperText={fieldError('request_delay') ?? translate('aipm.crawler_config.request_delay_hint')}
        disabled={save.isPending}
        size="small"
        sx={{ width: { xs: '100%', sm: 280 } }}
        slotProps={{ htmlInput: { min: 0, step: 500, inputMode: 'numeric' } }}
      />
      <TextField
        name="job_expiry_days"
        variant="outlined"
        type="number"
        label={translate('aipm.crawler_config.job_expiry_days')}
        value={expiryDays}
        onChange={(event) => setExpiryDays(event.target.value)}
        error={Boolean(fieldError('job_expiry_days'))}
        helperText={fieldError('job_expiry_days') ?? translate('aipm.crawler_config.job_expiry_days_hint')}
        disabled={save.isPending}
        size="small"
        sx={{ width: { xs: '100%', sm: 280 }, mt: 2, display: 'flex' }}
        slotProps={{ htmlInput: { min: JOB_EXPIRY_DAYS_MIN, max: JOB_EXPIRY_DAYS_MAX, step: 1, inputMode: 'numeric' } }}
      />
      <TextField
        name="human_check_timeout_minutes"
        variant="outlined"
        type="number"
        label={translate('aipm.crawler_config.human_check_timeout_minutes')}
        value={checkMinutes}
        onChange={(event) => setCheckMinutes(event.target.value)}
        error={Boolean(fieldError('human_check_timeout_minutes'))}
        helperText={fieldError('human_check_timeout_minutes') ?? translate('aipm.crawler_config.human_check_timeout_minutes_hint')}
        disabled={save.isPending}
        size="small"
        sx={{ width: { xs: '100%', sm: 280 }, mt: 2, display: 'flex' }}
        slotProps={{ htmlInput: { min: HUMAN_CHECK_TIMEOUT_MINUTES_MIN, max: HUMAN_CHECK_TIMEOUT_MINUTES_MAX, step: 1, inputMode: 'numeric' } }}
      />
      <Stack sx={{ mt: 2 }}>
        {SWITCHES.map((key) => (
          <Box key={key}>
            <FormControlLabel
              control={
                <Switch name={key} checked={switches[key]} disabled={save.isPending} onChange={(event) => setSwitches((current) => ({ ...current, [key]: event.target.checked }))} />
              }
              label={translate(`aipm.crawler_config.${key}`)}
            />
            {fieldError(key) && (
              <Typography variant="caption" color="error" component="p">
                {fieldError(key)}
              </Typography>
            )}
          </Box>
        ))}
      </Stack>
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ mt: 2 }}>
        {translate('aipm.crawler_config.save')}
      </Button>
    </Box>
  );
}
