import englishMessages from 'ra-language-english';

import { enAppMessages, zhAppMessages } from './app-messages';
import { messagesFor } from './i18nProvider';
import { initialLocale } from './locale';
import { raChineseMessages } from './zh';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const keyPath = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(keyPath, value);
    else for (const [childPath, text] of leaves(value, keyPath)) out.set(childPath, text);
  }
  return out;
}

const placeholders = (text: string) => new Set(text.match(/%\{\w+\}/g) ?? []);

describe('admin translations', () => {
  const english = leaves(englishMessages as unknown as Tree);
  const chinese = leaves(raChineseMessages as unknown as Tree);

  it('translates every react-admin message key into Chinese', () => {
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('uses only placeholders that react-admin passes for the key', () => {
    const unknown = [...chinese].filter(([key, text]) =>
      [...placeholders(text)].some((name) => !placeholders(english.get(key) ?? '').has(name)),
    );
    expect(unknown).toEqual([]);
  });

  it('keeps a single plural form in Chinese', () => {
    expect([...chinese].filter(([, text]) => text.includes('||||'))).toEqual([]);
  });

  it('has the same app keys in both languages', () => {
    // The login page's English names only the codes it can meet (error-messages.ts); react-admin has them all.
    const appKeys = (tree: object) => [...leaves(tree as Tree).keys()].filter((key) => !key.startsWith('aipm.errors.')).sort();
    expect(appKeys(enAppMessages)).toEqual(appKeys(zhAppMessages));
    expect([...leaves(messagesFor('en') as unknown as Tree).keys()].filter((key) => key.startsWith('aipm.')).sort()).toEqual(
      [...leaves(messagesFor('zh') as unknown as Tree).keys()].filter((key) => key.startsWith('aipm.')).sort(),
    );
  });

  it('gives the login page the English of every sign-in and common code', () => {
    const english = leaves(enAppMessages as unknown as Tree);
    for (const code of ['INVALID_CREDENTIALS', 'LOGIN_RATE_LIMITED', 'ADMIN_EXISTS', 'INTERNAL_ERROR', 'UNAUTHORIZED']) expect(english.has(`aipm.errors.${code}`)).toBe(true);
  });
});

describe(initialLocale.name, () => {
  it('defaults to Chinese', () => {
    expect(initialLocale('')).toBe('zh');
    expect(initialLocale('other=1; lng=fr')).toBe('zh');
  });

  it('follows the public site lng cookie', () => {
    expect(initialLocale('a=b; lng=en')).toBe('en');
  });

  it('falls back to Chinese messages for an unknown locale', () => {
    expect(messagesFor('fr')).toBe(messagesFor('zh'));
  });
});
