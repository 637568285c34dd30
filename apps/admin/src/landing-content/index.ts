import { lazy } from 'react';

/** 网站内容: its own chunk, fetched when the section is first opened (ADR 040). */
export const LandingContentScreen = lazy(() => import('./LandingContentSection').then((module) => ({ default: module.LandingContentSection })));
