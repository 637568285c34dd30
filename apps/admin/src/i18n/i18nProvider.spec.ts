import { SECTION_MESSAGES } from '../sectionMessages';
import { loadedEnglish } from './english-on-demand';
import { ENGLISH_CATALOGUE } from './english';
import { createI18nProvider } from './i18nProvider';

/*
 * The English catalogue is fetched once per page (english-on-demand.ts keeps it): these tests run in order, the
 * Chinese ones before anything asks for English.
 */
describe('createI18nProvider', () => {
  it('speaks Chinese without fetching English', () => {
    const provider = createI18nProvider(SECTION_MESSAGES, '');
    expect(provider.getLocale()).toBe('zh');
    expect(provider.translate('aipm.errors.STUDENT_NOT_FOUND')).toBe('学员不存在或已被删除');
    expect(provider.translate('ra.action.save')).toBe('保存');
    expect(loadedEnglish()).toBeUndefined();
  });

  it('opens in Chinese a page that would open in English before the English catalogue has arrived', () => {
    const provider = createI18nProvider(SECTION_MESSAGES, 'lng=en');
    expect(provider.getLocale()).toBe('zh');
    expect(provider.translate('ra.action.save')).toBe('保存');
  });

  it('gives Chinese for a language it does not know', async () => {
    const provider = createI18nProvider(SECTION_MESSAGES, '');
    await provider.changeLocale('fr');
    expect(provider.translate('ra.action.save')).toBe('保存');
    expect(loadedEnglish()).toBeUndefined();
  });

  it('fetches the English catalogue when switched to English, and keeps it for the next provider', async () => {
    const provider = createI18nProvider(SECTION_MESSAGES, '');
    await provider.changeLocale('en');
    expect(provider.getLocale()).toBe('en');
    // react-admin's, the app's, an error code's and a section's English.
    expect(provider.translate('ra.action.save')).toBe('Save');
    expect(provider.translate('aipm.dashboard.welcome', { email: 'a@b.cn' })).toBe('Welcome, a@b.cn');
    expect(provider.translate('aipm.errors.STUDENT_NOT_FOUND')).toBe('The student does not exist or was deleted');
    expect(provider.translate('aipm.crawler.title')).toBe('Job crawler');
    expect(loadedEnglish()).toBe(ENGLISH_CATALOGUE);

    // A page that opens in English once the catalogue is there starts in it.
    const next = createI18nProvider(SECTION_MESSAGES, 'lng=en');
    expect(next.getLocale()).toBe('en');
    expect(next.translate('ra.action.save')).toBe('Save');
  });

  it("keeps the English of sections' wording that arrives later", async () => {
    const provider = createI18nProvider({ zh: { aipm: {}, resources: {} }, en: { aipm: {}, resources: {} } }, 'lng=en');
    await provider.addSections(SECTION_MESSAGES);
    expect(provider.getLocale()).toBe('en');
    expect(provider.translate('aipm.crawler.title')).toBe('Job crawler');
  });
});
