import '../../test/support/jsdom-setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { stubDataProvider } from '../../test/support/leadFactories';
import { renderInAdmin } from '../../test/support/renderInAdmin';
import { StudentList } from './StudentList';

const SLOW = { timeout: 5000 };
// A react-admin form typed into with user-event: well over the default on a loaded 2-core runner.
jest.setTimeout(60_000);

const created = { id: '7b1f0c3e-1a2b-4c3d-8e9f-000000000001', name: '王五', phone: '13900001111', status: 'active', paidTotals: [] };

/** The student list, the card's route it opens, and a data provider whose create answers `created`. */
function renderStudents() {
  const dataProvider = stubDataProvider([], { create: jest.fn(async () => ({ data: created })) } as never);
  renderInAdmin(
    <Routes>
      <Route
        path="/students"
        element={
          <ResourceContextProvider value="students">
            <StudentList />
          </ResourceContextProvider>
        }
      />
      <Route path="/students/:id/show" element={<p>the student card</p>} />
    </Routes>,
    { dataProvider, at: '/students' },
  );
  return dataProvider;
}

describe(StudentList.name, () => {
  it('adds a student in a dialog over the list, then opens the card (docs/product/students.md#add-or-edit-a-student)', async () => {
    const user = userEvent.setup();
    const dataProvider = renderStudents();
    await screen.findByTestId('student-empty', {}, SLOW);

    // 添加学员 is a button opening a dialog, the list still beneath it; cancel closes it with nothing sent.
    const [add] = screen.getAllByRole('button', { name: '添加学员' });
    await user.click(add!);
    let dialog = await screen.findByRole('dialog', { name: '添加学员' }, SLOW);
    expect(screen.getByTestId('student-empty')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getAllByRole('button', { name: '添加学员' })[0]!);
    dialog = await screen.findByRole('dialog', { name: '添加学员' }, SLOW);
    await user.type(within(dialog).getByRole('textbox', { name: /^姓名/ }), '王五');
    await user.type(within(dialog).getByRole('textbox', { name: /^手机号码/ }), '13900001111');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));

    expect(await screen.findByText('学员添加成功', {}, SLOW)).toBeInTheDocument();
    expect(dataProvider.create).toHaveBeenCalledTimes(1);
    expect(dataProvider.create).toHaveBeenCalledWith('students', expect.objectContaining({ data: expect.objectContaining({ name: '王五', phone: '13900001111', status: 'active' }) }));
    expect(await screen.findByText('the student card', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
