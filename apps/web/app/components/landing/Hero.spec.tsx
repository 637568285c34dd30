import { screen, within } from '@testing-library/react';

import { translatorFor } from '~/i18n/translations.server';
import { measuredHeroStats } from '~/site-settings/hero-figures.server';

import { renderWithI18n } from '../../../test/support/render-with-i18n';

import { Hero } from './Hero';

const FIGURES = {
  students: { count: 1032, asOf: '2026-11-29' },
  completion: { percent: 91, cohort: '2026年3月期', lastDay: '2026-04-05', asOf: '2026-11-29' },
};

/** The figure's value and what is said beside it, as the list pairs them: label, value(s). */
function figure(label: string): string[] {
  const term = screen.getByText(label, { selector: 'dt' });
  return within(term.parentElement!)
    .getAllByRole('definition')
    .map((value) => value.textContent ?? '');
}

describe(Hero.name, () => {
  it("shows the texts' own figures while the settings take none from the report", async () => {
    await renderWithI18n(<Hero measured={measuredHeroStats({}, translatorFor('zh'))} />, 'zh');
    expect(figure('累计学员')).toEqual(['1000+']);
    expect(figure('结业率')).toEqual(['95%']);
  });

  it('shows a measured figure with what it was measured on, in each language, the others as written', async () => {
    await renderWithI18n(<Hero measured={measuredHeroStats(FIGURES, translatorFor('zh'))} />, 'zh');
    expect(figure('累计学员')).toEqual(['1,032', '截至 2026年11月29日']);
    expect(figure('结业率')).toEqual(['91%', '2026年3月期 · 2026年4月5日结业']);
    expect(figure('学员满意度')).toEqual(['98%']);
  });

  it('words the measured figures in English on the English page', async () => {
    await renderWithI18n(<Hero measured={measuredHeroStats({ completion: FIGURES.completion }, translatorFor('en'))} />, 'en');
    expect(figure('Completion rate')).toEqual(['91%', '2026年3月期, finished 5 Apr 2026']);
    expect(figure('Students')).toEqual(['1000+']);
  });
});
