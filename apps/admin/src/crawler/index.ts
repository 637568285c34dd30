import { lazy } from 'react';

/** 招聘爬虫: its own chunk, fetched when the section is first opened (ADR 040). */
export const CrawlerScreen = lazy(() => import('./screens').then((module) => ({ default: module.CrawlerSection })));
export const CrawlCardsForSettings = lazy(() => import('./screens').then((module) => ({ default: module.CrawlCardsForSettings })));
