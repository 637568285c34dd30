import { type CrawlerDiagnostics, formatDateTime } from '@aipm/contracts';
import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';

/** The worker's findings per site: reachable, HTTP status, outcome, jobs seen and timings. */
export function CrawlerTestReport({ report }: { report: CrawlerDiagnostics }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (key: string, options?: Record<string, unknown>) => translate(`aipm.crawler_config.report.${key}`, options);
  const chromium = report.chromium.ok ? t('chromium_ok', { version: report.chromium.version ?? '' }) : t('chromium_failed', { message: report.chromium.message ?? '' });
  return (
    <Box data-testid="crawler-test-report" sx={{ mt: 2 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('title')}
      </Typography>
      <Typography variant="body2">
        {t('chromium', { state: chromium })} · {t(report.mode === 'browser' ? 'mode_browser' : 'mode_http')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {t('finished', { worker: `${report.worker.hostname}#${report.worker.pid}`, date: formatDateTime(report.finishedAt, locale) })}
      </Typography>
      {/* Wide on a phone: the table scrolls sideways inside its own focusable region. */}
      <Box role="region" aria-label={t('title')} tabIndex={0} sx={{ overflowX: 'auto', mt: 1 }}>
        <Table size="small" sx={{ minWidth: 640 }}>
          <TableHead>
            <TableRow>
              {['site', 'reachable', 'status', 'outcome', 'jobs', 'timing', 'cookie'].map((column) => (
                <TableCell key={column}>{t(column)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {report.sites.map((site) => (
              <TableRow key={site.site} data-testid={`report-${site.site}`}>
                <TableCell component="th" scope="row">
                  {translate(`aipm.crawler_config.sites.${site.site}`)}
                </TableCell>
                <TableCell>{site.reachable === null ? t('unknown') : t(site.reachable ? 'yes' : 'no')}</TableCell>
                <TableCell>{site.status ?? t('unknown')}</TableCell>
                <TableCell>
                  <Chip size="small" color={site.outcome === 'ok' ? 'success' : 'warning'} label={translate(`aipm.crawler_config.outcomes.${site.outcome}`)} />
                  {site.message && site.outcome !== 'ok' && (
                    <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
                      {site.message}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{site.jobs}</TableCell>
                <TableCell>{t('timing_value', { elapsed: site.elapsedMs, waited: site.waitedMs })}</TableCell>
                <TableCell>{t(site.cookie ? 'cookie_sent' : 'cookie_not_sent')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
