import { render, screen } from '@testing-library/react';

import { createTestTranslator } from '../../test/support/render-with-i18n';

import type { Language } from './config';
import { TranslationProvider, useShowLanguage, useTranslation } from './TranslationProvider';

function Title({ language }: { language: Language }) {
  useShowLanguage(language);
  const { t, language: shown } = useTranslation();
  return (
    <h1 lang={shown}>
      {t('instructors.viewMore')}
    </h1>
  );
}

describe(TranslationProvider.name, () => {
  it('re-renders in the language the server data asks for once its translations are loaded', async () => {
    const load = jest.fn(async (language: Language) => createTestTranslator(language));
    const { rerender } = render(
      <TranslationProvider initial={createTestTranslator('zh')} load={load}>
        <Title language="zh" />
      </TranslationProvider>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('查看更多导师');
    expect(load).not.toHaveBeenCalled();

    rerender(
      <TranslationProvider initial={createTestTranslator('zh')} load={load}>
        <Title language="en" />
      </TranslationProvider>,
    );
    expect(await screen.findByText(createTestTranslator('en').t('instructors.viewMore'))).toHaveAttribute('lang', 'en');
    expect(load).toHaveBeenCalledWith('en');
  });

  it('keeps the server language on the server, where nothing can be loaded', () => {
    render(
      <TranslationProvider initial={createTestTranslator('en')}>
        <Title language="zh" />
      </TranslationProvider>,
    );
    expect(screen.getByRole('heading')).toHaveAttribute('lang', 'en');
  });

  it('refuses to translate outside the provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Title language="zh" />)).toThrow('useTranslation() is used outside <TranslationProvider>');
  });
});
