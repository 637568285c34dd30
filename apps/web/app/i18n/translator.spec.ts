import en from '../locales/en/common.json';
import zh from '../locales/zh/common.json';

import { createTranslator } from './translator';

describe(createTranslator.name, () => {
  const zhT = createTranslator('zh', zh);
  const enT = createTranslator('en', en);

  it('reads nested keys in the language it was made for', () => {
    expect(zhT.t('notFound.title')).toBe('404 Page Not Found');
    expect(zhT.t('instructors.viewMore')).toBe(zh.instructors.viewMore);
    expect(enT.t('instructors.viewMore')).toBe(en.instructors.viewMore);
    expect(enT.language).toBe('en');
  });

  it('fills every {{placeholder}}, numbers included', () => {
    expect(enT.t('jobs.applyLabel', { title: 'AI PM', company: 'Acme' })).toBe('Apply for AI PM at Acme (opens in a new tab)');
    expect(enT.t('jobs.moreTags', { count: 3 })).toBe('+3');
  });

  it('hands lists back as they stand in the locale file, without copying them', () => {
    expect(zhT.list('pricing.audience')).toBe(zh.pricing.audience);
    expect(enT.list('pricing.requirements')).toHaveLength(en.pricing.requirements.length);
  });
});
