import { CRAWL_ADMIN_PATHS, type CrawlLiveEvent, formatDateTime, type SystemAlert } from '@aipm/contracts';
import { Alert, Stack } from '@mui/material';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';

import { SYSTEM_ALERTS_QUERY_KEY, useDashboardApi } from './dashboardApi';

/**
 * What needs the operator now (docs/product/operations.md#on-the-dashboard): a backup too old, a queue waiting, a site
 * failing, as the Prometheus rules would say, read when the dashboard opens. Nothing shows while all is well, or when
 * the alerts cannot be read (the cards below say their own failures).
 */
export function SystemAlertsBanner() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const api = useDashboardApi();
  const alerts = useQuery({ queryKey: SYSTEM_ALERTS_QUERY_KEY, queryFn: () => api.systemAlerts() });
  useWaitingChecksPushed(useQueryClient());
  if (!alerts.data?.length) return null;
  const text = (alert: SystemAlert): string => {
    switch (alert.kind) {
      case 'backup_stale':
        return alert.lastSuccessAt
          ? translate('aipm.system_alerts.backup_stale', { time: formatDateTime(alert.lastSuccessAt, locale) })
          : translate('aipm.system_alerts.backup_never');
      case 'queue_waiting':
        return translate('aipm.system_alerts.queue_waiting', { queue: alert.queue, minutes: Math.floor(alert.waitingSeconds / 60) });
      case 'crawl_site_failing':
        return translate('aipm.system_alerts.site_failing', { site: translate(`aipm.crawler.sites.${alert.site}`), percent: Math.round(alert.readShare * 100), pages: alert.pages });
      case 'crawl_waiting_check':
        return translate('aipm.system_alerts.waiting_check', { task: alert.taskName, site: translate(`aipm.crawler.sites.${alert.site}`), page: alert.pageNumber, until: formatDateTime(alert.until, locale) });
    }
  };
  return (
    <Stack component="section" aria-label={translate('aipm.system_alerts.title')} spacing={1} sx={{ mb: 2 }} data-testid="system-alerts">
      {alerts.data.map((alert) => (
        <Alert key={`${alert.kind}-${'taskId' in alert ? alert.taskId : ''}-${'site' in alert ? alert.site : 'queue' in alert ? alert.queue : ''}`} severity={alert.kind === 'backup_stale' ? 'error' : 'warning'}>
          {text(alert)}
        </Alert>
      ))}
    </Stack>
  );
}

/**
 * A crawl that starts or stops waiting for a human check (等待验证) is pushed by the server's crawl events: the alerts
 * are read again then, and only then (nothing polls).
 */
function useWaitingChecksPushed(queryClient: QueryClient): void {
  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(CRAWL_ADMIN_PATHS.events);
    const waiting = new Map<string, string>();
    source.onmessage = (message: MessageEvent<string>) => {
      const event = JSON.parse(message.data) as CrawlLiveEvent;
      const sites = event.type === 'progress' ? Object.keys(event.humanChecks ?? {}).sort().join(',') : '';
      if ((waiting.get(event.taskId) ?? '') === sites) return;
      waiting.set(event.taskId, sites);
      void queryClient.invalidateQueries({ queryKey: SYSTEM_ALERTS_QUERY_KEY });
    };
    return () => source.close();
  }, [queryClient]);
}
