import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderWithI18n } from '../../../test/support/render-with-i18n';

import { LanguageSwitcher } from './LanguageSwitcher';

// jsdom has no fetch Request: the revalidation (a server round trip) is observed instead of run.
const revalidate = jest.fn();
jest.mock('@remix-run/react', () => ({
  ...jest.requireActual('@remix-run/react'),
  useRevalidator: () => ({ revalidate, state: 'idle' }),
}));

function clearCookie() {
  document.cookie = 'lng=; Path=/; Max-Age=0';
}

describe(LanguageSwitcher.name, () => {
  beforeEach(() => {
    revalidate.mockReset();
    clearCookie();
    window.localStorage.clear();
  });

  it('links each language through ?lng= for visitors without JavaScript and marks the current one', async () => {
    await renderWithI18n(<LanguageSwitcher />, 'zh');
    expect(screen.getByRole('link', { name: '中文' })).toHaveAttribute('href', '?lng=zh');
    expect(screen.getByRole('link', { name: '中文' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '?lng=en');
    expect(screen.getByRole('link', { name: 'English' })).not.toHaveAttribute('aria-current');
  });

  it('stores the choice in the cookie and localStorage', async () => {
    const user = userEvent.setup();
    await renderWithI18n(<LanguageSwitcher />, 'zh');
    await user.click(screen.getByRole('link', { name: 'English' }));
    expect(document.cookie).toContain('lng=en');
    expect(window.localStorage.getItem('lng')).toBe('en');
    await waitFor(() => expect(revalidate).toHaveBeenCalledTimes(1));
  });

  it('does not reload when the current language is chosen again', async () => {
    const user = userEvent.setup();
    await renderWithI18n(<LanguageSwitcher />, 'en');
    await user.click(screen.getByRole('link', { name: 'English' }));
    expect(document.cookie).toContain('lng=en');
    expect(revalidate).not.toHaveBeenCalled();
  });

  it('restores a stored preference whose cookie is gone', async () => {
    window.localStorage.setItem('lng', 'en');
    await renderWithI18n(<LanguageSwitcher />, 'zh');
    expect(document.cookie).toContain('lng=en');
    // After the English translations are at hand.
    await waitFor(() => expect(revalidate).toHaveBeenCalledTimes(1));
  });
});
