import { type CrawlFailureReason, formatDateTime, SITE_HEALTH_RUN_WINDOW, type SiteHealth, type SitePaceView } from '@aipm/contracts';
import { Box, Chip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';

import { SITE_HEALTH_QUERY_KEY, useCrawlerConfigApi } from './crawlerConfigApi';
import { RefreshableCardHeader } from './RefreshableCardHeader';

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
      <RefreshableCardHeader titleId="site-health-title" messages="aipm.site_health" hint={translate('aipm.site_health.hint', { window: SITE_HEALTH_RUN_WINDOW })} query={health} />
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

/**
 * The site's pace (ADR 064): its step and the delay it makes, since when, the signal of the last step up, and how
 * many answered pages are left before the next step down.
 */
function paceText(pace: SitePaceView | null, t: (key: string, options?: Record<string, unknown>) => string, locale: string): string {
  if (pace === null) return t('pace_unknown');
  const at = (iso: string | null) => (iso === null ? '' : formatDateTime(iso, locale));
  const parts = [pace.step === 'paused' ? t('pace_paused_value', { until: at(pace.pausedUntil) }) : t('pace_value', { step: t(`pace_steps.${pace.step}`), delay: pace.effectiveDelayMs })];
  const signal = pace.signal ? t(`pace_signals.${pace.signal}`) : null;
  if (pace.step !== 'normal') {
    if (pace.since) parts.push(t('pace_since', { since: at(pace.since) }));
    if (signal) parts.push(t('pace_cause', { signal, at: at(pace.signalAt) }));
    if (pace.step !== 'paused') parts.push(t('pace_recovering', { left: pace.successesToStepDown - pace.successes }));
  } else if (signal) {
    parts.push(t('pace_last_cause', { signal, at: at(pace.signalAt) }));
  }
  return parts.join('；');
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
    [t('pace'), paceText(health.pace, t, locale)],
  ];
  const slowed = health.pace !== null && health.pace.step !== 'normal';
  return (
    <Box component="li" data-testid={`site-health-${health.site}`} sx={{ border: 1, borderColor: health.flagged || slowed ? 'warning.main' : 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          {name}
        </Typography>
        {slowed && <Chip size="small" color="warning" variant="outlined" label={t(`pace_steps.${health.pace!.step}`)} />}
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
