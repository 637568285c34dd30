import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderWithI18n } from '../../../test/support/render-with-i18n';

import { Instructors } from './Instructors';

describe(Instructors.name, () => {
  it('shows the three core instructors and keeps the seven others collapsed', async () => {
    await renderWithI18n(<Instructors />, 'en');
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(document.getElementById('instructors-more')).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'View more instructors' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('toggles the compact grid of seven with view more / collapse', async () => {
    const user = userEvent.setup();
    await renderWithI18n(<Instructors />, 'zh');
    await user.click(screen.getByRole('button', { name: '查看更多导师' }));
    const more = document.getElementById('instructors-more')!;
    expect(more).toBeVisible();
    expect(more.querySelectorAll('li')).toHaveLength(7);
    await user.click(screen.getByRole('button', { name: '收起' }));
    expect(more).not.toBeVisible();
  });
});
