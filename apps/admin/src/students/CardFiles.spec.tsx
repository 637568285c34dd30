import '../../test/support/jsdom-setup';
import type { ContractResponse, StudentFileResponse, StudentResponse } from '@aipm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubDataProvider } from '../../test/support/leadFactories';
import { renderInAdmin } from '../../test/support/renderInAdmin';
import { ContractFiles, defaultDestination } from './CardFiles';

const SLOW = { timeout: 5000 };
const STUDENT_ID = '6f1c7a52-3b1e-4c4f-9a51-2d5a3f0e9b11';

const student = {
  id: STUDENT_ID,
  name: '李四',
  phone: '13800138000',
  email: null,
  school: null,
  major: null,
  status: 'active',
  enrollmentDate: '2025-09-20',
  graduationDate: null,
  notes: null,
  profilePhoto: null,
  paidTotals: [],
  createdAt: '2025-09-20T00:00:00.000Z',
  updatedAt: '2025-09-20T00:00:00.000Z',
} as unknown as StudentResponse;

const contract = (id: string, contractNumber: string, status: ContractResponse['status'] = 'active') =>
  ({ id, studentId: STUDENT_ID, contractNumber, courseName: 'AI产品经理训练营', status, files: [] }) as unknown as ContractResponse;
const file = (id: string, originalName: string, contractId: string | null): StudentFileResponse => ({
  id,
  studentId: STUDENT_ID,
  contractId,
  outcomeId: null,
  accessURL: `/api/admin/files/contracts/00000000-0000-4000-8000-00000000000${id}.pdf`,
  originalName,
  size: 100,
  contentType: 'application/pdf',
  createdAt: '2025-09-20T00:00:00.000Z',
});

const CONTRACT = contract('c1', 'HT-2025-001');
const FILES = [file('1', '签约合同.pdf', 'c1'), file('2', '身份证.png', null)];

/** Lists the student's contracts and files; `deleted` and `updated` see the card's calls. */
function provider(calls: { delete?: jest.Mock; update?: jest.Mock } = {}) {
  return stubDataProvider([], {
    getList: jest.fn(async (resource: string) => (resource === 'contracts' ? { data: [CONTRACT], total: 1 } : { data: FILES, total: FILES.length })),
    delete: calls.delete ?? jest.fn(async () => ({ data: FILES[0] })),
    update: calls.update ?? jest.fn(async (_resource: string, { id, data }: { id: string; data: object }) => ({ data: { ...FILES.find((one) => one.id === id), ...data } })),
  } as never);
}

describe(ContractFiles.name, () => {
  it('groups the files under their contract (number · course), then 其他文件, each by its original name with its view link', async () => {
    renderInAdmin(<ContractFiles student={student} />, { dataProvider: provider() });
    const group = await screen.findByTestId('file-group-c1', {}, SLOW);
    expect(within(group).getByRole('heading', { name: 'HT-2025-001 · AI产品经理训练营' })).toBeInTheDocument();
    expect(within(group).getByText('签约合同.pdf')).toBeInTheDocument();
    expect(within(group).getByRole('link', { name: '查看 签约合同.pdf' })).toHaveAttribute('href', FILES[0]!.accessURL);
    const other = screen.getByTestId('file-group-other');
    expect(within(other).getByRole('heading', { name: '其他文件' })).toBeInTheDocument();
    expect(within(other).getByText('身份证.png')).toBeInTheDocument();
  });

  it('deletes a file only after the confirmation', async () => {
    const remove = jest.fn(async () => ({ data: FILES[1] }));
    const user = userEvent.setup();
    renderInAdmin(<ContractFiles student={student} />, { dataProvider: provider({ delete: remove }) });
    await user.click(await screen.findByRole('button', { name: '删除文件 身份证.png' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定要删除文件 身份证.png 吗？文件将从存储中删除，此操作不可恢复。')).toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: /确认|Confirm/ }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('student-files', expect.objectContaining({ id: '2' })), SLOW);
    expect(await screen.findByText('删除成功', {}, SLOW)).toBeInTheDocument();
  });

  it('moves a file from 其他文件 to a contract of the student', async () => {
    const update = jest.fn(async (_resource: string, { id, data }: { id: string; data: object }) => ({ data: { ...FILES.find((one) => one.id === id), ...data } }));
    const user = userEvent.setup();
    renderInAdmin(<ContractFiles student={student} />, { dataProvider: provider({ update }) });
    await user.click(await screen.findByRole('combobox', { name: '将 身份证.png 移至' }, SLOW));
    await user.click(await screen.findByRole('option', { name: 'HT-2025-001 · AI产品经理训练营' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith('student-files', expect.objectContaining({ id: '2', data: { contractId: 'c1' } })), SLOW);
  });
});

describe(defaultDestination.name, () => {
  it("is the student's only active contract, else 其他文件", () => {
    expect(defaultDestination([CONTRACT])).toBe('c1');
    expect(defaultDestination([CONTRACT, contract('c2', 'HT-2')])).toBe('other');
    expect(defaultDestination([CONTRACT, contract('c2', 'HT-2', 'completed')])).toBe('c1');
    expect(defaultDestination([])).toBe('other');
  });
});
