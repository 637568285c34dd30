import '../../test/support/jsdom-setup';
import type { CohortResponse } from '@aipm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { stubDataProvider } from '../../test/support/leadFactories';
import { renderInAdmin } from '../../test/support/renderInAdmin';
import { CohortCreate, CohortEdit, CohortList } from './CohortScreens';

const SLOW = { timeout: 5000 };
// A react-admin form typed into with user-event: well over the default on a loaded 2-core runner.
jest.setTimeout(60_000);

const cohort = (id: string, overrides: Partial<CohortResponse>): CohortResponse => ({
  id,
  name: '2026年3月期',
  startDate: '2026-03-02',
  endDate: '2026-04-05',
  moduleDays: [2, 6, 7, 4, 3, 9, 4],
  daysOff: [],
  capacity: 30,
  status: 'enrolling',
  seatsTaken: 12,
  createdAt: '',
  updatedAt: '',
  ...overrides,
});

function renderAt(at: string, dataProvider: ReturnType<typeof stubDataProvider>) {
  renderInAdmin(
    <ResourceContextProvider value="cohorts">
      <Routes>
        <Route path="/cohorts" element={<CohortList />} />
        <Route path="/cohorts/create" element={<CohortCreate />} />
        <Route path="/cohorts/:id" element={<CohortEdit />} />
      </Routes>
    </ResourceContextProvider>,
    { dataProvider, at },
  );
}

describe('期次 (docs/product/cohorts.md)', () => {
  it('lists each cohort with its dates, seats taken and status, and says when one is full', async () => {
    renderAt('/cohorts', stubDataProvider([cohort('c1', {}), cohort('c2', { name: '2026年5月期', seatsTaken: 30, status: 'running' })]));
    const full = (await screen.findByText('2026年5月期', {}, SLOW)).closest('tr')!;
    expect(within(full).getByTestId('cohort-seats')).toHaveTextContent('30 / 30 · 已满');
    expect(within(full).getByTestId('cohort-status')).toHaveTextContent('进行中');
    const open = screen.getByText('2026年3月期').closest('tr')!;
    expect(within(open).getByTestId('cohort-seats')).toHaveTextContent('12 / 30');
    expect(open).toHaveTextContent('2026-04-05');
    expect(screen.getByRole('tab', { name: '期次' })).toHaveAttribute('aria-selected', 'true');
  });

  it("previews the programme's calendar as the form changes, and saves the cohort", async () => {
    const create = jest.fn(async (_resource: string, { data }: { data: object }) => ({ data: { ...data, id: 'new' } }));
    renderAt('/cohorts/create', stubDataProvider([], { create } as never));
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^期次名称/ }, SLOW), '2026年3月期');
    const start = screen.getByLabelText(/^开课日期/);
    fireEvent.change(start, { target: { value: '2026-03-02' } });
    fireEvent.blur(start);

    const calendar = screen.getByTestId('cohort-calendar');
    await waitFor(() => expect(calendar).toHaveTextContent('共 35 个上课日：2026-03-02 至 2026-04-05'), SLOW);
    expect(calendar).toHaveTextContent('模块 01：2026-03-02 – 2026-03-03（2 天）');
    expect(calendar).toHaveTextContent('模块 07：2026-04-02 – 2026-04-05（4 天）');

    // A day off in module 01 pushes every later day by one.
    await user.click(screen.getByRole('button', { name: '添加' }));
    const dayOff = await screen.findByLabelText(/^休息日/, { selector: 'input' }, SLOW);
    fireEvent.change(dayOff, { target: { value: '2026-03-03' } });
    fireEvent.blur(dayOff);
    await waitFor(() => expect(calendar).toHaveTextContent('共 35 个上课日：2026-03-02 至 2026-04-06'), SLOW);
    expect(calendar).toHaveTextContent('模块 01：2026-03-02 – 2026-03-04（2 天）');

    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(create).toHaveBeenCalled(), SLOW);
    expect(create.mock.calls[0]![1].data).toEqual({
      name: '2026年3月期',
      startDate: '2026-03-02',
      capacity: 30,
      status: 'enrolling',
      moduleDays: [2, 6, 7, 4, 3, 9, 4],
      daysOff: ['2026-03-03'],
    });
  });

  it("links the cohort's students and its register from its page", async () => {
    renderAt('/cohorts/c1', stubDataProvider([cohort('c1', { seatsTaken: 12 })]));
    const students = await screen.findByRole('link', { name: '本期学员（12）' }, SLOW);
    const url = new URL(students.getAttribute('href')!, 'http://admin.test');
    expect(url.pathname).toBe('/students');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ cohortId: 'c1' });
    expect(screen.getByRole('link', { name: '考勤' })).toHaveAttribute('href', '/cohorts/c1/attendance');
  });
});
