import { screen } from '@testing-library/react';
import { renderWithI18n } from '../../test/support/render-with-i18n';
import { NotFound } from './NotFound';

describe(NotFound.name, () => {
  it.each(['zh', 'en'] as const)('shows the spec heading and hint in %s', async (language) => {
    await renderWithI18n(<NotFound />, language);
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('links back to the home page in the page language', async () => {
    await renderWithI18n(<NotFound />, 'zh');
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  });
});
