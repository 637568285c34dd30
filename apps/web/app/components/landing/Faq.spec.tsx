import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { aPublicSite } from '../../../test/support/public-site';
import { renderWithI18n, testLandingTexts } from '../../../test/support/render-with-i18n';

import { Faq } from './Faq';

describe(Faq.name, () => {
  it('has four items with the first open', async () => {
    await renderWithI18n(<Faq />, 'en', testLandingTexts('en', { site: aPublicSite({ cohort: 'mid March 2026' }) }));
    const triggers = screen.getAllByRole('button');
    expect(triggers).toHaveLength(4);
    expect(triggers.map((trigger) => trigger.getAttribute('aria-expanded'))).toEqual(['true', 'false', 'false', 'false']);
    expect(screen.getByRole('region', { name: triggers[0]!.textContent! })).toBeVisible();
    // The cohort answer names the start from the site settings.
    expect(screen.getByText(/The next cohort starts in mid March 2026 in Changsha/)).toBeInTheDocument();
  });

  it('keeps one item open at a time and closes the open one on click', async () => {
    const user = userEvent.setup();
    await renderWithI18n(<Faq />, 'zh');
    const triggers = screen.getAllByRole('button');
    await user.click(triggers[2]!);
    expect(triggers.map((trigger) => trigger.getAttribute('aria-expanded'))).toEqual(['false', 'false', 'true', 'false']);
    await user.click(triggers[2]!);
    expect(triggers.map((trigger) => trigger.getAttribute('aria-expanded'))).toEqual(['false', 'false', 'false', 'false']);
  });
});
