import { lazy } from 'react';

/** 网站设置: its own chunk, fetched when the section is first opened (issue 18). */
export const SiteSettingsScreen = lazy(() => import('./SiteSettingsSection').then((module) => ({ default: module.SiteSettingsSection })));
