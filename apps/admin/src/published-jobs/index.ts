import { lazy } from 'react';

/** 已发布职位: its own chunk, fetched when the section is first opened (ADR 040). */
export const PublishedJobsScreen = lazy(() => import('./PublishedJobsSection').then((module) => ({ default: module.PublishedJobsSection })));
