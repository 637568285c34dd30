import { Alert, Button, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';

import { CrawlCardsForSettings } from '../crawler';
import { AdvancedSettingsForm } from './AdvancedSettingsForm';
import { CRAWLER_CONFIG_QUERY_KEY, useCrawlerConfigApi } from './crawlerConfigApi';
import { CrawlerTestCard } from './CrawlerTestCard';
import { SiteSessionsCard } from './SiteSessionsCard';

/** Site health (docs/product/crawler.md#site-health): its own chunk, fetched with its data when the section opens. */
const SiteHealthCard = lazy(() => import('./SiteHealthCard').then((module) => ({ default: module.SiteHealthCard })));

/**
 * 爬虫配置 (docs/product/crawler.md#crawler-settings): the automated search, the advanced settings, the settings test,
 * the review of crawl results (the crawler section's own components, from its chunk) and the site health.
 */
export function CrawlerConfigSection() {
  const translate = useTranslate();
  const api = useCrawlerConfigApi();
  const config = useQuery({ queryKey: CRAWLER_CONFIG_QUERY_KEY, queryFn: () => api.read() });

  return (
    <>
      <Title title="aipm.menu.crawler_config" />
      {/* The page's one h1 (react-admin's app bar title is not a heading of the page). */}
      <Typography component="h1" variant="h5" sx={{ mt: 2 }}>
        {translate('aipm.menu.crawler_config')}
      </Typography>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          {config.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
          {config.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void config.refetch()}>
                  {translate('aipm.crawler_config.retry')}
                </Button>
              }
            >
              {translate('aipm.crawler_config.load_failed', {
                message: config.error instanceof Error ? translate(config.error.message, { _: config.error.message }) : String(config.error),
              })}
            </Alert>
          )}
          {/* The form starts from the first answer; a save answers the new settings, which the form takes up. */}
          {config.data && <AdvancedSettingsForm config={config.data} />}
        </CardContent>
      </Card>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <SiteSessionsCard />
        </CardContent>
      </Card>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <CrawlerTestCard />
        </CardContent>
      </Card>
      <Suspense fallback={<LinearProgress sx={{ mt: 2 }} aria-label={translate('ra.page.loading')} />}>
        <CrawlCardsForSettings />
      </Suspense>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Suspense fallback={<LinearProgress aria-label={translate('ra.page.loading')} />}>
            <SiteHealthCard />
          </Suspense>
        </CardContent>
      </Card>
    </>
  );
}
