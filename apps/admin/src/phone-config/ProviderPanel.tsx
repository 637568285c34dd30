import { type ErrorCode, PHONE_PATHS } from '@aipm/contracts';
import { Alert, AlertTitle, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError, useNotify, useTranslate } from 'react-admin';

import { errorKey } from '../i18n/error-messages';
import { NOTIFICATION_LOG_QUERY_KEY } from './NotificationLog';
import { phoneConfigQueryKey, type PhoneProviderTab, usePhoneConfigApi } from './phoneConfigApi';

type TestPath = (typeof PHONE_PATHS)['aliyunTest' | 'aliyunTestCall' | 'backupTest'];

/**
 * One test button and its toasts (docs/product/phone.md#test-buttons): the success wording, and the failure title
 * with the provider's reason.
 */
interface PhoneTest {
  path: TestPath;
  label: string;
  success: string;
  successDetail?: string;
  failure: string;
}

const TESTS: Record<PhoneProviderTab, PhoneTest[]> = {
  aliyun: [
    { path: PHONE_PATHS.aliyunTest, label: 'test_connection', success: 'connection_ok', failure: 'connection_failed' },
    { path: PHONE_PATHS.aliyunTestCall, label: 'test_call', success: 'primary_call_ok', failure: 'phone_test_failed' },
  ],
  twilio: [{ path: PHONE_PATHS.backupTest, label: 'test_backup_call', success: 'backup_call_ok', successDetail: 'backup_call_ok_detail', failure: 'backup_test_failed' }],
};
const NOT_CONFIGURED: readonly ErrorCode[] = ['ALIYUN_NOT_CONFIGURED', 'PHONE_NOT_CONFIGURED'];
const GUIDE_STEPS: Record<PhoneProviderTab, number[]> = { aliyun: [1, 2, 3, 4], twilio: [1, 2, 3] };

/**
 * The provider's reason the API adds after the code's own title ("测试失败：Twilio 21215: …"): a provider code
 * and its words, which no client can translate, so they are shown as they come.
 */
function providerReason(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null;
  const message = (error.body as { message?: unknown } | undefined)?.message;
  if (typeof message !== 'string') return null;
  const separator = message.indexOf('：');
  return separator >= 0 ? message.slice(separator + 1).trim() || null : null;
}

/**
 * A provider's sub-tab (docs/product/phone.md#notification-settings-screen): configuration status with the missing
 * variables, its tests, the guide and notes.
 */
export function ProviderPanel({ provider }: { provider: PhoneProviderTab }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const api = usePhoneConfigApi();
  const t = (key: string, options?: object) => translate(`aipm.phone_config.${key}`, options);
  const prefix = provider === 'aliyun' ? 'primary' : 'backup';

  const status = useQuery({ queryKey: phoneConfigQueryKey(provider), queryFn: () => api.status(provider) });

  const test = useMutation({
    mutationFn: (spec: PhoneTest) => api.test(spec.path),
    onSuccess: (_answer, spec) =>
      spec.successDetail
        ? notify('aipm.phone_config.with_detail', { type: 'success', messageArgs: { title: t(spec.success), detail: t(spec.successDetail) } })
        : notify(`aipm.phone_config.${spec.success}`, { type: 'success' }),
    onError: (error, spec) => {
      // Configuration changed since the page loaded: show what is missing now.
      if (error instanceof Error && NOT_CONFIGURED.map(errorKey).includes(error.message)) void status.refetch();
      const reason = providerReason(error);
      if (reason) notify('aipm.phone_config.with_detail', { type: 'error', messageArgs: { title: t(spec.failure), detail: reason } });
      else notify(`aipm.phone_config.${spec.failure}`, { type: 'error' });
    },
    // Every test call is logged, placed or not.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: NOTIFICATION_LOG_QUERY_KEY }),
  });

  const titleId = `phone-${provider}-title`;
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mt: 2 }}>
      <CardContent>
        <Typography id={titleId} component="h2" variant="h6">
          {t(`${prefix}_title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t(`${prefix}_intro`)}
        </Typography>
        {provider === 'twilio' && (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="backup-mainland-note">
            {t('backup_mainland')}
          </Alert>
        )}

        <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
          {t('status')}
        </Typography>
        {status.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {status.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void status.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('status_failed', { message: status.error instanceof Error ? translate(status.error.message, { _: status.error.message }) : String(status.error) })}
          </Alert>
        )}
        {status.data && (
          <Alert severity={status.data.isValid ? 'success' : 'warning'} data-testid={`phone-${provider}-status`}>
            <AlertTitle>{t(status.data.isValid ? 'complete' : 'incomplete')}</AlertTitle>
            {!status.data.isValid && (
              <>
                {t('missing')}
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {status.data.missingFields.map((name) => (
                    <li key={name}>
                      <code>{name}</code>
                    </li>
                  ))}
                </Box>
              </>
            )}
          </Alert>
        )}

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          {TESTS[provider].map((spec) => (
            <Button
              key={spec.path}
              variant="outlined"
              // docs/product/phone.md#test-buttons: enabled only when the configuration is valid.
              disabled={!status.data?.isValid || test.isPending}
              onClick={() => test.mutate(spec)}
            >
              {t(spec.label)}
            </Button>
          ))}
        </Stack>
        {status.data && !status.data.isValid && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('tests_need_config')}
          </Typography>
        )}
        {test.isPending && (
          <Box role="status" sx={{ mt: 1 }}>
            <LinearProgress aria-label={t('testing')} />
            <Typography variant="body2">{t('testing')}</Typography>
          </Box>
        )}

        <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
          {t('guide_title')}
        </Typography>
        <Box component="ol" sx={{ mt: 0.5, pl: 2.5, '& li': { mb: 0.5, overflowWrap: 'anywhere' } }}>
          {GUIDE_STEPS[provider].map((step) => (
            <Typography component="li" variant="body2" key={step}>
              {t(`${prefix}_guide.${step}`)}
            </Typography>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('rules')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('cost')}
        </Typography>
      </CardContent>
    </Card>
  );
}
