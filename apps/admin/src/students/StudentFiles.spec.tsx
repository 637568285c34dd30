import '../../test/support/jsdom-setup';
import type { StudentResponse } from '@aipm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubDataProvider } from '../../test/support/leadFactories';
import { renderInAdmin } from '../../test/support/renderInAdmin';
import { ContractFiles } from './StudentFiles';

const SLOW = { timeout: 5000 };
const FIRST = '/api/admin/files/contracts/00000000-0000-4000-8000-000000000001.pdf';
const SECOND = '/api/admin/files/contracts/00000000-0000-4000-8000-000000000002.png';

const student: StudentResponse = {
  id: '6f1c7a52-3b1e-4c4f-9a51-2d5a3f0e9b11',
  name: '李四',
  phone: '13800138000',
  email: null,
  school: null,
  major: null,
  status: 'active',
  enrollmentDate: '2025-09-20',
  graduationDate: null,
  notes: null,
  vpnAccount: null,
  lovableAccount: null,
  replitAccount: null,
  traeAccount: null,
  qoderAccount: null,
  profilePhoto: null,
  contractFiles: [FIRST, SECOND],
  paidTotals: [],
  createdAt: '2025-09-20T00:00:00.000Z',
  updatedAt: '2025-09-20T00:00:00.000Z',
};

describe(ContractFiles.name, () => {
  it('lists each file with its view link and removes one only after the confirmation, keeping the others', async () => {
    const update = jest.fn(async (_resource: string, { data }: { data: object }) => ({ data: { ...student, ...data } }));
    const user = userEvent.setup();
    renderInAdmin(<ContractFiles student={student} />, { dataProvider: stubDataProvider([], { update } as never) });

    expect(await screen.findByRole('link', { name: '查看 2' }, SLOW)).toHaveAttribute('href', SECOND);
    await user.click(screen.getByRole('button', { name: '删除合同文件 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定要删除合同文件 1 吗？文件将从存储中删除，此操作不可恢复。')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: /确认|Confirm/ }));
    await waitFor(() => expect(update).toHaveBeenCalledWith('students', expect.objectContaining({ id: student.id, data: { contractFiles: [SECOND] } })), SLOW);
    expect(await screen.findByText('删除成功', {}, SLOW)).toBeInTheDocument();
  });

  it('keeps every file when the confirmation is cancelled', async () => {
    const update = jest.fn();
    const user = userEvent.setup();
    renderInAdmin(<ContractFiles student={student} />, { dataProvider: stubDataProvider([], { update } as never) });
    await user.click(await screen.findByRole('button', { name: '删除合同文件 2' }, SLOW));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /取消|Cancel/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(update).not.toHaveBeenCalled();
  });
});
