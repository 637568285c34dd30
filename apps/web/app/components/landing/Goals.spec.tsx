import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';

import { renderWithI18n, testLandingTexts } from '../../../test/support/render-with-i18n';

import { Goals } from './Goals';

/** The site's stylesheet, where the wall's columns are set. */
const css = readFileSync(path.join(__dirname, '../../styles/global.css'), 'utf8');
/** The wall's column count from a rule's text: `repeat(6, 1fr)` → 6. */
const columnsIn = (rule: string | undefined) => Number(/grid-template-columns:\s*repeat\((\d+),/.exec(rule ?? '')?.[1]);

describe(Goals.name, () => {
  it('shows the partner wall as 18 logos, 3 rows of 6 on wide screens and 6 rows of 3 on phones (docs/product/public-site.md#training-goals)', async () => {
    await renderWithI18n(<Goals />, 'zh');
    const wall = screen.getByRole('heading', { name: '合作企业' }).nextElementSibling as HTMLElement;
    const logos = within(wall).getAllByRole('img');
    expect(logos).toHaveLength(18);
    expect(logos[0]).toHaveAccessibleName(/^合作企业 .+ 的标志$/);

    const wide = columnsIn(/^\.partner-wall \{[^}]*\}/m.exec(css)?.[0]);
    const phone = columnsIn(/@media \(max-width: 768px\) \{ \.partner-wall \{[^}]*\} \}/.exec(css)?.[0]);
    expect([wide, logos.length / wide]).toEqual([6, 3]);
    expect([phone, logos.length / phone]).toEqual([3, 6]);
  });

  it('states the salary guarantee with its figures, and only the sentence when the school states none', async () => {
    const view = await renderWithI18n(<Goals />, 'zh');
    const box = screen.getByRole('heading', { name: '薪资保障' }).parentElement!;
    expect(within(box).getByText('目标年薪').nextElementSibling).toHaveTextContent('不低于 20 万元');
    expect(within(box).getByText('未达标退款比例').nextElementSibling).toHaveTextContent('100%（按协议）');
    expect(within(box).getByText('超额奖励').nextElementSibling).toHaveTextContent('薪资超出目标 50% 时发放');
    view.unmount();

    const content = testLandingTexts('en');
    const sentence = 'The figures are in the agreement we sign with you.';
    await renderWithI18n(<Goals />, 'en', { ...content, goals: { ...content.goals, guarantee: { target: '', refund: ' ', bonus: '', note: sentence } } });
    const sentenceOnly = screen.getByRole('heading', { name: 'Salary guarantee' }).parentElement!;
    expect(within(sentenceOnly).queryByRole('term')).not.toBeInTheDocument();
    expect(within(sentenceOnly).getByText(sentence)).toBeInTheDocument();
  });

  it('shows the uploaded logos instead of the built-in wall, each a lazy image of fixed size with its alt text', async () => {
    const content = testLandingTexts('en');
    const partners = Array.from({ length: 12 }, (_, index) => ({ src: `/api/landing-content/images/${String(index).padStart(64, '0')}.png`, alt: `Partner ${index + 1}` }));
    await renderWithI18n(<Goals />, 'en', { ...content, partners });
    const wall = screen.getByRole('heading', { name: 'Partner companies' }).nextElementSibling as HTMLElement;
    const logos = within(wall).getAllByRole('img');
    expect(logos.map((logo) => logo.getAttribute('alt'))).toEqual(partners.map((partner) => partner.alt));
    expect(logos[0]).toHaveAttribute('src', partners[0]!.src);
    expect(logos[0]).toHaveAttribute('loading', 'lazy');
    expect([logos[0]!.getAttribute('width'), logos[0]!.getAttribute('height')]).toEqual(['160', '64']);
  });
});
