import '../../test/support/jsdom-setup';
import { BarChart } from '@mui/x-charts/BarChart';
import { render } from '@testing-library/react';
import { dayAxis } from './DashboardCharts';

// jsdom's window lacks structuredClone, which the charts' gesture handling uses for its (plain-data) pointer options.
Object.assign(globalThis, { structuredClone: globalThis.structuredClone ?? ((value: unknown) => (value === undefined ? value : JSON.parse(JSON.stringify(value)))) });

/** 30 China-time days, oldest first, as GET /api/admin/stats/charts gives them: 2026-03-01 … 2026-03-30. */
const DAYS = Array.from({ length: 30 }, (_, index) => `2026-03-${String(index + 1).padStart(2, '0')}`);

/** The labels under the day axis of a 30-day chart drawn by the charts library itself. */
function axisLabels(language: string): string[] {
  const { container } = render(
    <BarChart width={900} height={300} xAxis={[dayAxis(DAYS, language)]} series={[{ data: DAYS.map((_, index) => index % 4) }]} skipAnimation />,
  );
  const axis = container.querySelector('.MuiChartsAxis-directionX');
  return Array.from(axis?.querySelectorAll('.MuiChartsAxis-tickLabel') ?? []).map((label) => label.textContent ?? '');
}

describe(dayAxis.name, () => {
  it('labels every seventh day of the 30, not only the first (docs/product/back-office.md#charts)', () => {
    expect(axisLabels('zh')).toEqual(['3月1日', '3月8日', '3月15日', '3月22日', '3月29日']);
  });

  it('says the days in the back office\'s language, the whole date in the tooltip', () => {
    expect(axisLabels('en')).toEqual(['1 Mar', '8 Mar', '15 Mar', '22 Mar', '29 Mar']);
    const formatter = dayAxis(DAYS, 'en').valueFormatter!;
    expect(formatter('2026-03-08', { location: 'tooltip' } as never)).toBe('8 Mar 2026');
  });
});
