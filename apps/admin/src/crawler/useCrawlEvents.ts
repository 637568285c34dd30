import { CRAWL_ADMIN_PATHS, type CrawlLiveEvent } from '@aipm/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { CRAWLER_QUERY_KEYS } from './crawlerApi';

export type LiveProgress = Extract<CrawlLiveEvent, { type: 'progress' }>;

export interface CrawlEventsState {
  /** The latest progress of each task run seen since the page opened, by task id. */
  progress: Readonly<Record<string, LiveProgress>>;
  /** false while the stream is (re)connecting. */
  connected: boolean;
}

/**
 * The server's crawl events (GET /api/admin/crawler/events, server-sent): progress per page, and a task list
 * and results read again when a run starts or ends. Nothing here polls; after a dropped connection the browser's
 * EventSource reconnects by itself, and the task list is read again once, for what was missed meanwhile.
 */
export function useCrawlEvents(): CrawlEventsState {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<Record<string, LiveProgress>>({});
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(CRAWL_ADMIN_PATHS.events);
    let openedBefore = false;
    const refresh = (...keys: ReadonlyArray<readonly string[]>) => keys.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));

    source.onopen = () => {
      setConnected(true);
      if (openedBefore) refresh(CRAWLER_QUERY_KEYS.tasks, CRAWLER_QUERY_KEYS.results);
      openedBefore = true;
    };
    source.onerror = () => setConnected(false);
    source.onmessage = (message: MessageEvent<string>) => {
      let event: CrawlLiveEvent;
      try {
        event = JSON.parse(message.data) as CrawlLiveEvent;
      } catch {
        return;
      }
      if (event.type === 'progress') {
        setProgress((current) => ({ ...current, [event.taskId]: event }));
        return;
      }
      if (event.type === 'finished') {
        // The last progress stays: the bar shows where the run ended (100 % when it completed).
        refresh(CRAWLER_QUERY_KEYS.tasks, CRAWLER_QUERY_KEYS.results);
        return;
      }
      // A new run starts from nothing.
      setProgress(({ [event.taskId]: _previous, ...rest }) => rest);
      refresh(CRAWLER_QUERY_KEYS.tasks);
    };
    return () => source.close();
  }, [queryClient]);

  return { progress, connected };
}
