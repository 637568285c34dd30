import { lazy } from 'react';

/** 网站设置: its own chunk, fetched when the section is first opened (ADR 040). */
export const SiteSettingsScreen = lazy(() => import('./SiteSettingsSection').then((module) => ({ default: module.SiteSettingsSection })));
