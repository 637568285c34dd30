import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderWithI18n, testLandingTexts } from '../../../test/support/render-with-i18n';

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

  it("shows an instructor's uploaded photo with its alt text, and the initial for one without", async () => {
    const content = testLandingTexts('en');
    const photo = { src: `/api/landing-content/images/${'a'.repeat(64)}.jpg`, alt: 'Teacher Zhang at a workshop' };
    const [first, ...others] = content.instructors.core;
    await renderWithI18n(<Instructors />, 'en', { ...content, instructors: { ...content.instructors, core: [{ ...first!, photo }, ...others] } });
    const image = screen.getByRole('img', { name: photo.alt });
    expect(image).toHaveAttribute('src', photo.src);
    expect(image).toHaveAttribute('loading', 'lazy');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['64', '64']);
    // The others keep their initial, hidden from screen readers (the name follows).
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });
});
