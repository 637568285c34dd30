import type { CrawlerTestResponse, ErrorCode } from '@aipm/contracts';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';

import { errorKey } from '../i18n/error-messages';
import { useCrawlerConfigApi } from './crawlerConfigApi';
import { CrawlerTestReport } from './CrawlerTestReport';

const TEST_FAILURE_CODES: readonly ErrorCode[] = ['CRAWLER_UNAVAILABLE', 'CRAWLER_TEST_FAILED', 'CRAWLER_TEST_TIMED_OUT'];
const TEST_FAILURE_KEYS = new Set(TEST_FAILURE_CODES.map(errorKey));

/**
 * The settings test (docs/product/crawler.md#settings-test: 测试完成 / 测试失败): a worker loads each site's search page with
 * the saved settings and reports per site. A test that could not run (no worker, no answer in time) says why.
 */
export function CrawlerTestCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useCrawlerConfigApi();

  /** Why a finished test did not pass, in the administrator's language (never the server's text). */
  const failureOf = (answer: CrawlerTestResponse): string => {
    const failed = answer.data.sites.filter((site) => site.outcome !== 'ok').map((site) => translate(`aipm.crawler_config.sites.${site.site}`));
    const reasons = [
      ...(answer.data.chromium.ok ? [] : [translate('aipm.crawler_config.report.chromium', { state: translate('aipm.crawler_config.report.chromium_failed', { message: answer.data.chromium.message ?? '' }) })]),
      ...(failed.length > 0 ? [translate('aipm.crawler_config.sites_failed', { sites: failed.join('、') })] : []),
    ];
    return reasons.join('；');
  };

  const test = useMutation({
    mutationFn: () => api.test(),
    onSuccess: (answer) =>
      answer.success
        ? notify('aipm.crawler_config.test_completed', { type: 'success' })
        : notify('aipm.crawler_config.test_failed', { type: 'warning', messageArgs: { message: failureOf(answer) } }),
    onError: (error) => {
      // These codes' texts are whole 测试失败 sentences already.
      if (error instanceof Error && TEST_FAILURE_KEYS.has(error.message)) return notify(error.message, { type: 'error' });
      notify('aipm.crawler_config.test_failed', {
        type: 'error',
        messageArgs: { message: error instanceof Error ? translate(error.message, { _: error.message }) : String(error) },
      });
    },
  });

  return (
    <Box aria-labelledby="crawler-test-title" component="section">
      <Typography id="crawler-test-title" component="h2" variant="h6">
        {translate('aipm.crawler_config.test')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('aipm.crawler_config.test_hint')}
      </Typography>
      <Button variant="outlined" sx={{ mt: 2 }} disabled={test.isPending} onClick={() => test.mutate()}>
        {translate('aipm.crawler_config.test')}
      </Button>
      {test.isPending && (
        <Box sx={{ mt: 2 }} role="status">
          <LinearProgress aria-label={translate('aipm.crawler_config.testing')} />
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate('aipm.crawler_config.testing')}
          </Typography>
        </Box>
      )}
      {test.data && !test.isPending && <CrawlerTestReport report={test.data.data} />}
    </Box>
  );
}
