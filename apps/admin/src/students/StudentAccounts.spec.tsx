import '../../test/support/jsdom-setup';
import type { StudentAccountResponse, StudentResponse } from '@aipm/contracts';
import { screen, within } from '@testing-library/react';
import { stubDataProvider } from '../../test/support/leadFactories';
import { renderInAdmin } from '../../test/support/renderInAdmin';
import { StudentAccounts } from './StudentAccounts';

const SLOW = { timeout: 5000 };
const STUDENT_ID = '6f1c7a52-3b1e-4c4f-9a51-2d5a3f0e9b11';
const student = { id: STUDENT_ID, name: '李四' } as StudentResponse;
const account = (id: string, kind: StudentAccountResponse['kind'], username: string, status: StudentAccountResponse['status'] = 'active') =>
  ({ id, studentId: STUDENT_ID, kind, username, email: null, status, lastLogin: null, createdAt: '', updatedAt: '' }) as StudentAccountResponse;

describe(StudentAccounts.name, () => {
  it("lists the student's accounts as {类型}：{账号}, a reset link for the login, and adds one with the student chosen", async () => {
    const getList = jest.fn(async () => ({ data: [account('a1', 'vpn', 'vpn-01'), account('a2', 'student_login', 'lisi', 'suspended')], total: 2 }));
    renderInAdmin(<StudentAccounts student={student} />, { dataProvider: stubDataProvider([], { getList } as never), at: '/students' });
    const section = await screen.findByTestId('student-accounts');
    expect(await within(section).findByText('VPN：vpn-01', {}, SLOW)).toBeInTheDocument();
    expect(within(section).getByText('学员登录：lisi (已停用)')).toBeInTheDocument();
    // Only the 学员登录 has a password, so only it offers a reset link.
    expect(within(section).getAllByRole('button', { name: /生成重置链接/ }).map((button) => button.getAttribute('aria-label'))).toEqual(['为 lisi 生成重置链接']);
    expect(getList).toHaveBeenCalledWith('student-accounts', expect.objectContaining({ filter: { studentId: STUDENT_ID } }));
    const add = within(section).getByRole('link', { name: '添加账号' });
    expect(decodeURIComponent(add.getAttribute('href')!)).toBe(`/student-accounts/create?source={"studentId":"${STUDENT_ID}"}`);
  });

  it('says when there is none', async () => {
    renderInAdmin(<StudentAccounts student={student} />, { dataProvider: stubDataProvider([]), at: '/students' });
    expect(await screen.findByText('暂无账号', {}, SLOW)).toBeInTheDocument();
  });
});
