import { lazy } from 'react';

/** 通知设置 → 电话通知 (issue 15): its own chunk, fetched when the section is first opened (issue 18). */
export const PhoneConfigScreen = lazy(() => import('./PhoneConfigSection').then((module) => ({ default: module.PhoneConfigSection })));
