import { lazy } from 'react';

/** 客户主页 (docs/product/back-office.md#person-page): its own chunk, fetched when a person is first opened (ADR 040). */
export const PersonScreen = lazy(() => import('./PersonPage').then((module) => ({ default: module.PersonPage })));

/** 疑似重复 (docs/product/back-office.md#duplicates): the likely duplicates, merged side by side and undone; its own chunk. */
export const DuplicatesScreen = lazy(() => import('./DuplicatesPage').then((module) => ({ default: module.DuplicatesPage })));
