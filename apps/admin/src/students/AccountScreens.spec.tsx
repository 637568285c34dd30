import '../../test/support/jsdom-setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { stubDataProvider } from '../../test/support/leadFactories';
import { renderInAdmin } from '../../test/support/renderInAdmin';
import { AccountCreate } from './AccountScreens';

const SLOW = { timeout: 5000 };
const STUDENT_ID = '6f1c7a52-3b1e-4c4f-9a51-2d5a3f0e9b11';

function renderCreate(at: string) {
  const dataProvider = stubDataProvider([{ id: STUDENT_ID, name: '李四' } as { id: string }], {
    create: jest.fn(async (_resource: string, { data }: { data: object }) => ({ data: { ...data, id: 'a1' } })),
  } as never);
  renderInAdmin(
    <ResourceContextProvider value="student-accounts">
      <Routes>
        <Route path="/student-accounts/create" element={<AccountCreate />} />
        <Route path="/students/:id/show" element={<p>student card</p>} />
      </Routes>
    </ResourceContextProvider>,
    { dataProvider, at },
  );
  return dataProvider;
}

// A react-admin form typed into with user-event: well over the default on a loaded 2-core runner.
jest.setTimeout(60_000);

describe(AccountCreate.name, () => {
  it('asks a password for a 学员登录 (the default) and none for a tool account', async () => {
    const user = userEvent.setup();
    renderCreate('/student-accounts/create');
    expect(await screen.findByLabelText(/^密码/, {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /类型/ }));
    await user.click(await screen.findByRole('option', { name: 'VPN' }));
    await waitFor(() => expect(screen.queryByLabelText(/^密码/)).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: /^账号/ })).toBeInTheDocument();
  });

  it('opened from the card, has the student chosen and goes back to the card once saved', async () => {
    const user = userEvent.setup();
    const dataProvider = renderCreate(`/student-accounts/create?source=${encodeURIComponent(JSON.stringify({ studentId: STUDENT_ID }))}`);
    await user.click(await screen.findByRole('combobox', { name: /类型/ }, SLOW));
    await user.click(await screen.findByRole('option', { name: 'Trae' }));
    await user.type(screen.getByRole('textbox', { name: /^账号/ }), 'trae-01');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalledWith('student-accounts', expect.objectContaining({ data: expect.objectContaining({ studentId: STUDENT_ID, kind: 'trae', username: 'trae-01' }) })), SLOW);
    expect(await screen.findByText('student card', {}, SLOW)).toBeInTheDocument();
  });
});
