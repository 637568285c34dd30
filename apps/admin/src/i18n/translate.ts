import { enLoginMessages, zhLoginMessages } from './login-messages';
import type { AdminLocale } from './locale';

export type Translate = (key: string, args?: Record<string, string | number>) => string;

const LOGIN_MESSAGES: Record<AdminLocale, object> = { zh: { aipm: zhLoginMessages }, en: { aipm: enLoginMessages } };

/**
 * Translation of the login page's `aipm.*` keys (login-messages.ts) without react-admin, for the login page
 * (its chunk must stay free of react-admin, ADR 040). Same messages and the same `%{name}` interpolation as the
 * polyglot provider react-admin uses; an unknown key comes back as itself, as polyglot does. Written here
 * rather than calling node-polyglot: its ES polyfills added 8.3 KB gzip to the login page (measured with
 * tools/bench/admin-js.mjs), and the login messages use no plurals.
 */
export function createTranslate(locale: AdminLocale): Translate {
  const messages = LOGIN_MESSAGES[locale];
  return (key, args = {}) => {
    let node: unknown = messages;
    for (const part of key.split('.')) node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    if (typeof node !== 'string') return key;
    return node.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
  };
}
