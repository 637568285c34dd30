import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';

import { renderWithI18n } from '../../../test/support/render-with-i18n';

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
});
