import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { HttpError, useNotify, useTranslate } from 'react-admin';

import { CRAWLER_QUERY_KEYS, useCrawlerApi } from './crawlerApi';
import { INITIAL_MANUAL_JOB, MANUAL_JOB_FIELDS, manualJobBodyOf, type ManualJobErrors, type ManualJobValues, validateManualJob } from './manualJobForm';
import { useErrorText } from './useErrorText';

const LABELS: Record<keyof ManualJobValues, string> = {
  title: 'job_title',
  company: 'company',
  location: 'location',
  salary: 'salary',
  description: 'description',
  requirements: 'requirements',
  skillTags: 'skill_tags',
  sourceUrl: 'source_url',
};
const HINTS: Partial<Record<keyof ManualJobValues, string>> = {
  salary: 'salary_hint',
  description: 'min_length_hint',
  requirements: 'min_length_hint',
  skillTags: 'skill_tags_hint',
};
const MULTILINE = new Set<keyof ManualJobValues>(['description', 'requirements']);

/** 手动添加职位 (docs/product/crawler.md#manual-job): every field required, created approved, with the recommendation. */
export function ManualJobDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const api = useCrawlerApi();
  const queryClient = useQueryClient();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [values, setValues] = useState<ManualJobValues>(INITIAL_MANUAL_JOB);
  const [errors, setErrors] = useState<ManualJobErrors>({});

  const add = useMutation({
    mutationFn: () => api.addManual(manualJobBodyOf(values)),
    onSuccess: async () => {
      notify('aipm.crawler.manual.added', { type: 'success' });
      setValues(INITIAL_MANUAL_JOB);
      setErrors({});
      onClose();
      await queryClient.invalidateQueries({ queryKey: CRAWLER_QUERY_KEYS.results });
    },
    onError: (error) => {
      const fields = error instanceof HttpError ? ((error.body as { errors?: Record<string, string> } | undefined)?.errors ?? {}) : {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([field, key]) => [field, { key }])));
      notify('aipm.crawler.manual.add_failed', { type: 'error', messageArgs: { message: errorText(error) } });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateManualJob(values);
    setErrors(found);
    if (Object.keys(found).length === 0) add.mutate();
  };

  return (
    <Dialog open={open} onClose={() => !add.isPending && onClose()} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby="manual-job-title">
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'contents' }}>
        <DialogTitle id="manual-job-title">{translate('aipm.crawler.manual.title')}</DialogTitle>
        <DialogContent dividers>
          <Alert severity="info" sx={{ mb: 2 }} data-testid="manual-job-recommendation">
            {translate('aipm.crawler.manual.recommendation')}
          </Alert>
          <Stack spacing={2}>
            {MANUAL_JOB_FIELDS.map((field, index) => {
              const error = errors[field];
              return (
                <TextField
                  variant="outlined"
                  key={field}
                  name={field}
                  label={translate(`aipm.crawler.manual.${LABELS[field]}`)}
                  value={values[field]}
                  onChange={(event) => {
                    setValues((current) => ({ ...current, [field]: event.target.value }));
                    setErrors(({ [field]: _fixed, ...rest }) => rest);
                  }}
                  required
                  autoFocus={index === 0}
                  type={field === 'sourceUrl' ? 'url' : 'text'}
                  multiline={MULTILINE.has(field)}
                  minRows={MULTILINE.has(field) ? 3 : undefined}
                  error={Boolean(error)}
                  helperText={error ? translate(error.key, { _: error.key }) : HINTS[field] ? translate(`aipm.crawler.manual.${HINTS[field]}`) : undefined}
                />
              );
            })}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={add.isPending}>
            {translate('aipm.crawler.manual.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={add.isPending}>
            {translate('aipm.crawler.manual.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
