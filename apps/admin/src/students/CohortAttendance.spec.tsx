import '../../test/support/jsdom-setup';
import type { AttendanceDayResponse, CohortResponse } from '@aipm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { CohortAttendance } from './CohortAttendance';

const SLOW = { timeout: 5000 };
jest.setTimeout(60_000);

const COHORT: CohortResponse = {
  id: 'c1',
  name: '2026年3月期',
  startDate: '2026-03-02',
  endDate: '2026-04-06',
  moduleDays: [2, 6, 7, 4, 3, 9, 4],
  daysOff: ['2026-03-04'],
  capacity: 30,
  status: 'running',
  seatsTaken: 2,
  createdAt: '',
  updatedAt: '',
};
const day = (date: string, module: number, dayOfModule: number, marks: [string | null, string | null]): AttendanceDayResponse => ({
  cohortId: 'c1',
  date,
  module,
  dayOfModule,
  students: [
    { studentId: 's1', name: '李二', mark: marks[0] as never },
    { studentId: 's2', name: '王一', mark: marks[1] as never },
  ],
});
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });

function renderAttendance(answers: Parameters<typeof answerFetch>[0]) {
  const calls = answerFetch({ 'GET /api/admin/cohorts/c1': ok(COHORT), ...answers });
  renderInAdmin(
    <ResourceContextProvider value="cohorts">
      <Routes>
        <Route path="/cohorts/:id/attendance" element={<CohortAttendance />} />
      </Routes>
    </ResourceContextProvider>,
    { at: '/cohorts/c1/attendance' },
  );
  return calls;
}

describe('考勤 (docs/product/cohorts.md#attendance)', () => {
  it("opens on the API's day and saves each mark as it is chosen, by pointer or by arrow key", async () => {
    const calls = renderAttendance({
      'GET /api/admin/cohorts/c1/attendance': ok(day('2026-03-05', 2, 1, [null, 'present'])),
      'PUT /api/admin/cohorts/c1/attendance/2026-03-05/s1': ok({ mark: 'late' }),
      'PUT /api/admin/cohorts/c1/attendance/2026-03-05/s2': ok({ mark: 'late' }),
    });
    const user = userEvent.setup();
    const li = within(await screen.findByRole('radiogroup', { name: '李二' }, SLOW));
    expect(screen.getByRole('heading', { name: '2026年3月期 · 考勤' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '上课日' })).toHaveTextContent('2026-03-05 · 模块 02 第 1 天');
    expect(within(screen.getByRole('radiogroup', { name: '王一' })).getByRole('radio', { name: '出勤' })).toBeChecked();

    await user.click(li.getByRole('radio', { name: '迟到' }));
    await waitFor(() => expect(calls.filter((call) => call.key.startsWith('PUT'))).toEqual([{ key: 'PUT /api/admin/cohorts/c1/attendance/2026-03-05/s1', body: { mark: 'late' } }]), SLOW);
    expect(li.getByRole('radio', { name: '迟到' })).toBeChecked();
    const rows = screen.getAllByTestId('attendance-row');
    expect(await within(rows[0]!).findByText('已保存', {}, SLOW)).toBeInTheDocument();

    // The keyboard: the checked radio of 王一, then the arrow to the next mark.
    within(screen.getByRole('radiogroup', { name: '王一' })).getByRole('radio', { name: '出勤' }).focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(calls.map((call) => call.key)).toContain('PUT /api/admin/cohorts/c1/attendance/2026-03-05/s2'), SLOW);
    expect(calls.find((call) => call.key.endsWith('/s2'))?.body).toEqual({ mark: 'late' });
  });

  it('puts a refused mark back and says so', async () => {
    renderAttendance({
      'GET /api/admin/cohorts/c1/attendance': ok(day('2026-03-05', 2, 1, [null, null])),
      'PUT /api/admin/cohorts/c1/attendance/2026-03-05/s1': { status: 409, body: { success: false, code: 'STUDENT_NOT_IN_COHORT', message: '该学员不在本期' } },
    });
    const user = userEvent.setup();
    const li = within(await screen.findByRole('radiogroup', { name: '李二' }, SLOW));
    await user.click(li.getByRole('radio', { name: '缺勤' }));
    expect(await screen.findByText('李二 的考勤保存失败：该学员不在本期', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(li.getByRole('radio', { name: '缺勤' })).not.toBeChecked(), SLOW);
    expect(within(screen.getAllByTestId('attendance-row')[0]!).getByText('保存失败')).toBeInTheDocument();
  });

  it('moves between class days, skipping the days off, and marks the rest present at once', async () => {
    const calls = renderAttendance({
      'GET /api/admin/cohorts/c1/attendance': ok(day('2026-03-03', 1, 2, [null, null])),
      'GET /api/admin/cohorts/c1/attendance?date=2026-03-05': ok(day('2026-03-05', 2, 1, ['absent', null])),
      'PUT /api/admin/cohorts/c1/attendance/2026-03-05/s2': ok({ mark: 'present' }),
    });
    const user = userEvent.setup();
    await screen.findByRole('radiogroup', { name: '李二' }, SLOW);
    await user.click(screen.getByRole('button', { name: '后一个上课日' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: '上课日' })).toHaveTextContent('2026-03-05 · 模块 02 第 1 天'), SLOW);

    await user.click(screen.getByRole('button', { name: '其余 1 人记为出勤' }));
    await waitFor(() => expect(calls.filter((call) => call.key.startsWith('PUT'))).toEqual([{ key: 'PUT /api/admin/cohorts/c1/attendance/2026-03-05/s2', body: { mark: 'present' } }]), SLOW);
    expect(within(screen.getByRole('radiogroup', { name: '李二' })).getByRole('radio', { name: '缺勤' })).toBeChecked();
  });
});
