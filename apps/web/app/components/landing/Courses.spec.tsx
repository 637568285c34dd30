import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderWithI18n } from '../../../test/support/render-with-i18n';

import { Courses } from './Courses';

const accordionTriggers = () => Array.from(document.querySelectorAll<HTMLButtonElement>('.courses__accordion .accordion__trigger'));

describe(Courses.name, () => {
  it('shows seven modules 01–07 with the spec durations', async () => {
    await renderWithI18n(<Courses />, 'en');
    const list = screen.getByRole('list', { name: 'Course modules' });
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.querySelector('.courses__number')?.textContent)).toEqual(['01', '02', '03', '04', '05', '06', '07']);
    expect(items.map((item) => item.querySelector('.courses__days')?.textContent)).toEqual(['2 days', '6 days', '7 days', '4 days', '3 days', '9 days', '4 days']);
  });

  it('selects the first module on large screens and switches the detail panel', async () => {
    const user = userEvent.setup();
    await renderWithI18n(<Courses />, 'en');
    const detail = document.getElementById('course-detail')!;
    expect(within(detail).getByRole('heading', { level: 3 })).toHaveTextContent('AI product management overview');
    expect(within(detail).getByText('Lecture')).toBeInTheDocument();
    expect(within(detail).getByText('Discussion')).toBeInTheDocument();
    expect(within(detail).getByText('Practical Exercise')).toBeInTheDocument();

    const list = screen.getByRole('list', { name: 'Course modules' });
    await user.click(within(list).getByRole('button', { name: /03.*Agents and context engineering/ }));
    expect(within(detail).getByRole('heading', { level: 3 })).toHaveTextContent('Agents and context engineering');
    expect(within(list).getByRole('button', { name: /03.*Agents/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(list).getByRole('button', { name: /01.*overview/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it('opens accordion modules one at a time, none at first, and closes the open one on click', async () => {
    const user = userEvent.setup();
    await renderWithI18n(<Courses />, 'zh');
    const triggers = accordionTriggers();
    expect(triggers).toHaveLength(7);
    expect(triggers.every((trigger) => trigger.getAttribute('aria-expanded') === 'false')).toBe(true);

    await user.click(triggers[1]!);
    expect(triggers[1]).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('course-panel-02')).toBeVisible();

    await user.click(triggers[4]!);
    expect(triggers[1]).toHaveAttribute('aria-expanded', 'false');
    expect(triggers[4]).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('course-panel-02')).not.toBeVisible();

    await user.click(triggers[4]!);
    expect(accordionTriggers().every((trigger) => trigger.getAttribute('aria-expanded') === 'false')).toBe(true);
  });
});
