import englishMessages from 'ra-language-english';

import { ERROR_MESSAGES } from '@aipm/contracts';

import { zhAppMessages } from './app-messages';
import { enAppMessages } from './en-app-messages';
import { ENGLISH_CATALOGUE } from './english';
import { enLoginMessages, zhLoginMessages } from './login-messages';
import { messageCatalogue, type SectionMessages } from './i18nProvider';
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

/** A section's wording, handed in as the composition root hands in the real sections' (firstSectionMessages.ts, laterSectionMessages.ts). */
const SECTIONS: SectionMessages = {
  zh: { aipm: { sample: { title: '示例' } }, resources: { samples: { name: '示例' } } },
  en: { aipm: { sample: { title: 'Sample' } }, resources: { samples: { name: 'Samples' } } },
};
const messagesFor = (locale: 'zh' | 'en') => (locale === 'en' ? messageCatalogue(SECTIONS, 'en', ENGLISH_CATALOGUE) : messageCatalogue(SECTIONS, 'zh'));

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
    expect([...leaves(enAppMessages).keys()].sort()).toEqual([...leaves(zhAppMessages).keys()].sort());
    expect([...leaves(enLoginMessages).keys()].sort()).toEqual([...leaves(zhLoginMessages).keys()].sort());
  });

  it("gives react-admin the login page's wording and every error code, though the login page carries only its codes", () => {
    const codes = Object.keys(ERROR_MESSAGES);
    expect(Object.keys(zhLoginMessages.errors).length).toBeLessThan(codes.length / 3);
    for (const locale of ['zh', 'en'] as const) {
      const provided = leaves(messagesFor(locale) as unknown as Tree);
      expect(codes.filter((code) => !provided.has(`aipm.errors.${code}`))).toEqual([]);
      expect([...leaves(zhLoginMessages, 'aipm').keys()].filter((key) => !provided.has(key))).toEqual([]);
    }
    expect(leaves(messagesFor('zh') as unknown as Tree).get('aipm.errors.STUDENT_NOT_FOUND')).toBe(ERROR_MESSAGES.STUDENT_NOT_FOUND);
  });

  it("adds the sections' wording it is handed beside the app's", () => {
    const zh = leaves(messagesFor('zh') as unknown as Tree);
    expect([zh.get('aipm.sample.title'), zh.get('resources.samples.name'), zh.get('aipm.title')]).toEqual(['示例', '示例', zhAppMessages.aipm.title]);
    expect(leaves(messagesFor('en') as unknown as Tree).get('aipm.sample.title')).toBe('Sample');
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
});
