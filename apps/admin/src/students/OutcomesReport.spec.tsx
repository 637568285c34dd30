import '../../test/support/jsdom-setup';
import type { OutcomesReportResponse, ReportRow } from '@aipm/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInAdmin } from '../../test/support/renderInAdmin';
import { OutcomesReport } from './OutcomesReport';

const SLOW = { timeout: 5000 };
jest.setTimeout(60_000);

const figure = (...studentIds: string[]) => ({ count: studentIds.length, studentIds });
const row: ReportRow = {
  key: 'k1',
  label: '2026年3月期',
  sortDate: '2026-03-02',
  enrolled: figure('s1', 's2', 's3'),
  graduatedOnTime: figure('s1', 's2'),
  graduatedLate: figure(),
  graduatedUntimed: figure(),
  withdrawn: figure('s3'),
  placedInField: figure('s1'),
  medianAnnualBase: 21_000_000,
  medianBasis: figure('s1'),
  atOrAboveTarget: figure('s1'),
  atOrAboveTargetShare: 50,
  refundsPaid: [{ currency: 'CNY', amount: 1_980_000 }],
  refundedStudents: figure('s2'),
  bonusesPaid: [],
  bonusedStudents: figure(),
};
const report = (grouping: OutcomesReportResponse['grouping']): OutcomesReportResponse => ({
  grouping,
  target: 20_000_000,
  generatedAt: '2026-11-29T04:00:00.000Z',
  rows: grouping === 'cohort' ? [row] : [{ ...row, key: '2026-H1', label: '2026-H1' }],
  students: { s1: { name: '李一' }, s2: { name: '李二' }, s3: { name: '李三' } },
});

/** The report's calls by grouping; each call recorded. */
function answerReport() {
  const calls: string[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://admin.test');
    calls.push(`${url.pathname}${url.search}`);
    const grouping = url.searchParams.get('groupBy') as OutcomesReportResponse['grouping'];
    const text = JSON.stringify({ success: true, data: report(grouping) });
    return { ok: true, status: 200, statusText: '', headers: new Headers(), text: async () => text } as Response;
  }) as typeof fetch;
  return calls;
}

describe('就业报告 (docs/product/outcomes-report.md)', () => {
  it('shows each figure of a cohort, and the students behind one on a click', async () => {
    answerReport();
    const user = userEvent.setup();
    renderInAdmin(<OutcomesReport />, { at: '/outcomes-report' });
    const table = await screen.findByTestId('outcomes-report', {}, SLOW);
    const [cells] = within(table).getAllByTestId('report-row').map((tableRow) => within(tableRow).getAllByRole('cell').map((cell) => cell.textContent));
    expect(cells).toEqual(['3', '2', '0', '0', '1', '1', '¥210,000.00（1 人）', '1（50%）', '¥19,800.00', '¥0.00']);
    expect(screen.getByTestId('report-basis')).toHaveTextContent('目标年薪 ¥200,000.00');

    await user.click(screen.getByRole('button', { name: '查看名单：2026年3月期 · 入学（3 人）' }));
    const dialog = await screen.findByRole('dialog', { name: '2026年3月期 · 入学：3 人' });
    expect(within(dialog).getAllByRole('link').map((link) => link.textContent)).toEqual(['李一', '李二', '李三']);
  });

  it('groups by half-year on request, and exports the grouping shown', async () => {
    const calls = answerReport();
    const user = userEvent.setup();
    renderInAdmin(<OutcomesReport />, { at: '/outcomes-report' });
    await screen.findByTestId('outcomes-report', {}, SLOW);
    await user.click(screen.getByRole('button', { name: '按半年度' }));
    expect(await screen.findByRole('rowheader', { name: '2026-H1' }, SLOW)).toBeInTheDocument();
    expect(calls).toEqual(['/api/admin/outcomes-report?groupBy=cohort', '/api/admin/outcomes-report?groupBy=half-year']);
    expect(screen.getByRole('link', { name: '导出 CSV' })).toHaveAttribute('href', '/api/admin/outcomes-report/export?groupBy=half-year');
  });
});
