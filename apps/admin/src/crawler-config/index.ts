import { lazy } from 'react';

/** 爬虫配置: its own chunk, fetched when the section is first opened (ADR 040). */
export const CrawlerConfigScreen = lazy(() => import('./CrawlerConfigSection').then((module) => ({ default: module.CrawlerConfigSection })));
