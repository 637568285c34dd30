import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderWithI18n } from '../../../test/support/render-with-i18n';

import { SiteHeader } from './SiteHeader';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

describe(SiteHeader.name, () => {
  afterEach(() => scrollTo(0));

  it('lists the spec entries plus register, linking to their anchors', async () => {
    await renderWithI18n(<SiteHeader />, 'zh');
    const nav = screen.getByRole('navigation', { name: '主导航' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['#features', '#courses', '#instructors', '#jobs', '#pricing', '#contact', '#registration']);
    expect(links.map((link) => link.textContent)).toEqual(['课程特色', '课程大纲', '师资团队', '招聘职位', '价格方案', '联系我们', '立即报名']);
  });

  it('turns opaque only after more than 100 px of scroll', async () => {
    const { container } = await renderWithI18n(<SiteHeader />, 'en');
    const header = container.querySelector('header')!;
    scrollTo(100);
    expect(header).not.toHaveClass('site-header--scrolled');
    scrollTo(101);
    expect(header).toHaveClass('site-header--scrolled');
    scrollTo(20);
    expect(header).not.toHaveClass('site-header--scrolled');
  });

  it('opens the menu with aria-expanded and closes it when an entry is chosen', async () => {
    const user = userEvent.setup();
    await renderWithI18n(<SiteHeader />, 'en');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('site-nav')).toHaveClass('site-nav--open');

    await user.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('site-nav')).not.toHaveClass('site-nav--open');
  });
});
