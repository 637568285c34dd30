import { CRAWL_CITIES, type CrawlCity, loadedUrl, SEARCH_SITES, type SearchSite, type SiteOrigins } from '@aipm/contracts';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { HttpError, useNotify, useTranslate } from 'react-admin';

import { CRAWLER_QUERY_KEYS, useCrawlerApi } from './crawlerApi';
import { type FieldMessage, INITIAL_TASK_FORM, previewOf, splitList, TASK_FORM, taskBodyOf, type TaskFormErrors, type TaskFormValues, validateTaskForm } from './taskForm';
import { useErrorText } from './useErrorText';

/** The API's per-field failures (translation keys), keyed by the form's field names. */
function serverFieldErrors(error: unknown): TaskFormErrors {
  if (!(error instanceof HttpError)) return {};
  const errors = ((error.body as { errors?: Record<string, string> } | undefined)?.errors ?? {}) as Record<string, string>;
  const out: TaskFormErrors = {};
  if (errors.name) out.name = { key: errors.name };
  if (errors.keywords) out.keywords = { key: errors.keywords };
  if (errors.targetUrls) out.extraUrls = { key: errors.targetUrls };
  if (errors.waitTime) out.waitTime = { key: errors.waitTime };
  return out;
}

/**
 * 创建抓取任务 (docs/product/crawler.md#task-form): name, the five sites, keywords, cities, extra target URLs, the options,
 * with the messages of docs/product/validation.md#crawl-task-form; a live preview of the search pages (keywords ×
 * sites × cities) built from the templates the worker loads.
 */
export function CreateTaskDialog({ open, onClose, siteOrigins }: { open: boolean; onClose: () => void; siteOrigins?: SiteOrigins }) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const api = useCrawlerApi();
  const queryClient = useQueryClient();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [values, setValues] = useState<TaskFormValues>(INITIAL_TASK_FORM);
  const [errors, setErrors] = useState<TaskFormErrors>({});
  const preview = useMemo(() => previewOf(values), [values]);
  // The task keeps the real sites' addresses; a worker with CRAWLER_SITE_ORIGINS loads them elsewhere, and the preview says where.
  const rerouted = SEARCH_SITES.filter((site) => values.sites.includes(site) && siteOrigins?.[site]);
  const extraCount = values.extraUrls.split('\n').filter((line) => line.trim() !== '').length;

  const create = useMutation({
    mutationFn: () => api.createTask(taskBodyOf(values)),
    onSuccess: async () => {
      notify('aipm.crawler.form.created', { type: 'success' });
      setValues(INITIAL_TASK_FORM);
      setErrors({});
      onClose();
      await queryClient.invalidateQueries({ queryKey: CRAWLER_QUERY_KEYS.tasks });
    },
    onError: (error) => {
      setErrors(serverFieldErrors(error));
      notify('aipm.crawler.form.create_failed', { type: 'error', messageArgs: { message: errorText(error) } });
    },
  });

  const set = <K extends keyof TaskFormValues>(key: K, value: TaskFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // A corrected field loses its message; the others keep theirs until the next submit.
    setErrors(({ [key]: _fixed, ...rest }) => rest);
  };
  const toggle = <T extends string>(list: readonly T[], item: T): T[] => (list.includes(item) ? list.filter((entry) => entry !== item) : [...list, item]);
  const text = (message: FieldMessage | undefined) => (message ? translate(message.key, { _: message.key, ...message.values }) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateTaskForm(values);
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate();
  };

  return (
    <Dialog open={open} onClose={() => !create.isPending && onClose()} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="create-task-title">
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'contents' }}>
        <DialogTitle id="create-task-title">{translate('aipm.crawler.form.title')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              variant="outlined"
              label={translate('aipm.crawler.form.name')}
              value={values.name}
              onChange={(event) => set('name', event.target.value)}
              required
              error={Boolean(errors.name)}
              helperText={text(errors.name)}
              autoFocus
            />
            <FormControl error={Boolean(errors.sites)} component="fieldset" variant="standard">
              <FormLabel component="legend">{translate('aipm.crawler.form.sites')}</FormLabel>
              <FormGroup row>
                {SEARCH_SITES.map((site: SearchSite) => (
                  <FormControlLabel
                    key={site}
                    control={<Checkbox checked={values.sites.includes(site)} onChange={() => set('sites', toggle(values.sites, site))} />}
                    label={translate(`aipm.crawler.sites.${site}`)}
                  />
                ))}
              </FormGroup>
              {errors.sites && <FormHelperText>{text(errors.sites)}</FormHelperText>}
            </FormControl>
            <TextField
              variant="outlined"
              label={translate('aipm.crawler.form.keywords')}
              value={values.keywords}
              onChange={(event) => set('keywords', event.target.value)}
              required
              error={Boolean(errors.keywords)}
              helperText={text(errors.keywords) ?? translate('aipm.crawler.form.keywords_hint')}
            />
            <FormControl error={Boolean(errors.cities)} component="fieldset" variant="standard">
              <FormLabel component="legend">{translate('aipm.crawler.form.cities')}</FormLabel>
              <FormGroup row>
                {CRAWL_CITIES.map((city: CrawlCity) => (
                  <FormControlLabel
                    key={city}
                    control={<Checkbox checked={values.cities.includes(city)} onChange={() => set('cities', toggle(values.cities, city))} />}
                    label={city}
                  />
                ))}
              </FormGroup>
              {errors.cities && <FormHelperText>{text(errors.cities)}</FormHelperText>}
            </FormControl>
            <TextField
              variant="outlined"
              label={translate('aipm.crawler.form.extra_urls')}
              value={values.extraUrls}
              onChange={(event) => set('extraUrls', event.target.value)}
              multiline
              minRows={2}
              error={Boolean(errors.extraUrls)}
              helperText={text(errors.extraUrls) ?? translate('aipm.crawler.form.extra_urls_hint')}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                variant="outlined"
                type="number"
                label={translate('aipm.crawler.form.wait_time')}
                value={values.waitTime}
                onChange={(event) => set('waitTime', event.target.value)}
                slotProps={{ htmlInput: { min: TASK_FORM.waitTime.min, max: TASK_FORM.waitTime.max, step: TASK_FORM.waitTime.step } }}
                error={Boolean(errors.waitTime)}
                helperText={text(errors.waitTime) ?? translate('aipm.crawler.form.wait_time_hint')}
                fullWidth
              />
              <TextField
                variant="outlined"
                type="number"
                label={translate('aipm.crawler.form.max_results')}
                value={values.maxResults}
                onChange={(event) => set('maxResults', event.target.value)}
                slotProps={{ htmlInput: { min: TASK_FORM.maxResults.min, max: TASK_FORM.maxResults.max, step: 1 } }}
                error={Boolean(errors.maxResults)}
                helperText={text(errors.maxResults) ?? translate('aipm.crawler.form.max_results_hint')}
                fullWidth
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormControlLabel
                control={<Switch checked={values.enableJavaScriptRendering} onChange={(event) => set('enableJavaScriptRendering', event.target.checked)} />}
                label={translate('aipm.crawler.form.javascript')}
              />
              <FormControlLabel
                control={<Switch checked={values.antiDetectionMode} onChange={(event) => set('antiDetectionMode', event.target.checked)} />}
                label={translate('aipm.crawler.form.anti_detection')}
              />
            </Stack>
            <Box component="section" aria-labelledby="task-preview-title">
              <Typography id="task-preview-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {translate('aipm.crawler.form.preview')}
              </Typography>
              {/* Read out as it changes, so a screen-reader user hears what the choices add up to. */}
              <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="task-preview-count">
                {preview.length === 0
                  ? translate('aipm.crawler.form.preview_empty')
                  : translate('aipm.crawler.form.preview_count', {
                      count: preview.length,
                      keywords: new Set(splitList(values.keywords)).size,
                      sites: values.sites.length,
                      cities: values.cities.length,
                    })}
                {extraCount > 0 && ` · ${translate('aipm.crawler.form.preview_extra', { count: extraCount })}`}
              </Typography>
              {preview.length > 0 && (
                <Box
                  component="ol"
                  role="list"
                  aria-label={translate('aipm.crawler.form.preview_label')}
                  tabIndex={0}
                  data-testid="task-preview"
                  sx={{ maxHeight: 160, overflowY: 'auto', m: 0, mt: 1, pl: 3, fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all', border: 1, borderColor: 'divider', borderRadius: 1 }}
                >
                  {preview.map(({ url, site }) => (
                    <li key={url}>{loadedUrl(url, site, siteOrigins)}</li>
                  ))}
                </Box>
              )}
              {preview.length > 0 && rerouted.length > 0 && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="task-preview-rerouted">
                  {translate('aipm.crawler.form.preview_rerouted', { sites: rerouted.map((site) => translate(`aipm.crawler.sites.${site}`)).join('、') })}
                </Typography>
              )}
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {translate('aipm.crawler.form.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {translate('aipm.crawler.form.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
