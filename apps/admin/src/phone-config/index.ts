import { lazy } from 'react';

/** 通知设置 → 电话通知: its own chunk, fetched when the section is first opened (ADR 021). */
export const PhoneConfigScreen = lazy(() => import('./PhoneConfigSection').then((module) => ({ default: module.PhoneConfigSection })));
