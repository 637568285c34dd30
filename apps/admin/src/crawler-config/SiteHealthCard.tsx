import { type CrawlFailureReason, formatDateTime, SITE_HEALTH_RUN_WINDOW, type SiteHealth } from '@aipm/contracts';
import { Alert, Box, Button, Chip, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';

import { SITE_HEALTH_QUERY_KEY, useCrawlerConfigApi } from './crawlerConfigApi';

const percent = (rate: number) => Math.round(rate * 100);
const confidence = (value: number | null) => (value === null ? '—' : value.toFixed(2));

/**
 * 站点健康 (docs/product/crawler.md#site-health): per site, the last success, the success rate of the last 20 runs,
 * failures by reason, the learned selectors' confidence and runs that found nothing after earlier runs found
 * jobs. One card per site, one column on a phone; read once when the section opens, never polled
 * (docs/product/back-office.md#no-retries-and-no-polling), refreshed by hand.
 */
export function SiteHealthCard() {
  const translate = useTranslate();
  const api = useCrawlerConfigApi();
  const health = useQuery({ queryKey: SITE_HEALTH_QUERY_KEY, queryFn: () => api.siteHealth() });

  return (
    <Box component="section" aria-labelledby="site-health-title">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="site-health-title" component="h2" variant="h6" sx={{ flex: 1 }}>
          {translate('aipm.site_health.title')}
        </Typography>
        <Button size="small" onClick={() => void health.refetch()} disabled={health.isFetching}>
          {translate('aipm.site_health.refresh')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {translate('aipm.site_health.hint', { window: SITE_HEALTH_RUN_WINDOW })}
      </Typography>
      {health.isFetching && <LinearProgress sx={{ mt: 1 }} aria-label={translate('ra.page.loading')} />}
      {health.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {translate('aipm.site_health.load_failed', {
            message: health.error instanceof Error ? translate(health.error.message, { _: health.error.message }) : String(health.error),
          })}
        </Alert>
      )}
      {health.data && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
          {health.data.map((site) => (
            <SiteHealthEntry key={site.site} health={site} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function SiteHealthEntry({ health }: { health: SiteHealth }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (key: string, options?: Record<string, unknown>) => translate(`aipm.site_health.${key}`, options);
  const name = translate(`aipm.crawler_config.sites.${health.site}`);
  const failures = Object.entries(health.failuresByReason) as Array<[CrawlFailureReason, number]>;
  const latestZero = health.zeroJobRuns[0];
  const rows: Array<[string, string]> = [
    [t('last_success'), health.lastSuccessAt ? formatDateTime(health.lastSuccessAt, locale) : t('never')],
    [t('success_rate'), health.successRate === null ? t('no_runs') : t('success_rate_value', { rate: percent(health.successRate), runs: health.runs })],
    [
      t('failures'),
      failures.length === 0 ? t('no_failures') : failures.map(([reason, count]) => t('failure_count', { reason: translate(`aipm.crawler_config.outcomes.${reason}`), count })).join('；'),
    ],
    [
      t('selectors'),
      health.selectors.count === 0
        ? t('selectors_none')
        : t('selectors_value', { count: health.selectors.count, best: confidence(health.selectors.bestConfidence), average: confidence(health.selectors.averageConfidence) }),
    ],
    [t('zero_runs'), latestZero ? t('zero_runs_value', { count: health.zeroJobRuns.length, date: formatDateTime(latestZero.finishedAt, locale) }) : t('zero_runs_none')],
  ];
  return (
    <Box component="li" data-testid={`site-health-${health.site}`} sx={{ border: 1, borderColor: health.flagged ? 'warning.main' : 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          {name}
        </Typography>
        {health.runs > 0 && <Chip size="small" color={health.flagged ? 'warning' : 'success'} variant={health.flagged ? 'filled' : 'outlined'} label={t(health.flagged ? 'flagged' : 'healthy')} />}
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(6.5em, auto) 1fr', columnGap: 1, rowGap: 0.5 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
