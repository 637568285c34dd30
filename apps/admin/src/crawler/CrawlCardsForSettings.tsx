import { Card, CardContent } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { AutomatedSearchCard } from './AutomatedSearchCard';
import { CRAWLER_QUERY_KEYS, useCrawlerApi } from './crawlerApi';
import { type ResultFilters, ResultsPanel } from './ResultsPanel';
import { useCrawlEvents } from './useCrawlEvents';

/**
 * The two cards 爬虫配置 also holds (docs/product/crawler.md#crawler-settings): the automated search and the
 * crawl-results review. The same components as 招聘爬虫, with the same pushed events, so a run started here ends on
 * screen here too; the review card's approve and reject toasts say 审核成功 / 审核失败 (docs/product/crawler.md#result-states).
 */
export function CrawlCardsForSettings() {
  const api = useCrawlerApi();
  const [filters, setFilters] = useState<ResultFilters>({});
  useCrawlEvents();
  const tasks = useQuery({
    queryKey: CRAWLER_QUERY_KEYS.tasks,
    queryFn: () => api.tasks(),
  });
  const taskList = tasks.data ?? [];
  return (
    <>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <AutomatedSearchCard tasks={taskList} />
        </CardContent>
      </Card>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <ResultsPanel tasks={taskList} filters={filters} onFilters={setFilters} wording="review" />
        </CardContent>
      </Card>
    </>
  );
}
