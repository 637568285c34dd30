import 'i18next';

import type common from '~/locales/zh/common.json';

// Typed keys: `t('missing.key')` fails the typecheck. locales.spec.ts keeps en in step with zh.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof common };
  }
}
