import '../../test/support/jsdom-setup';
import type { PaymentResponse, StudentResponse } from '@aipm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubDataProvider } from '../../test/support/leadFactories';
import { renderInAdmin } from '../../test/support/renderInAdmin';
import { PaymentsSection } from './PaymentsSection';

/** A data provider whose listed methods answer as given (the stub's other methods stay). */
const provider = (overrides: Record<string, jest.Mock>) => stubDataProvider([], overrides as never);

const SLOW = { timeout: 5000 };

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
  withdrawalDate: null,
  notes: null,
  profilePhoto: null,
  cohortId: null,
  paidTotals: [{ currency: 'CNY', amount: 1_980_050 }],
  createdAt: '2025-09-20T00:00:00.000Z',
  updatedAt: '2025-09-20T00:00:00.000Z',
};

const payment: PaymentResponse = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  studentId: student.id,
  contractId: null,
  paymentNumber: 'PAY-20250901-AB12CD',
  kind: 'tuition',
  amount: 1_980_050,
  currency: 'CNY',
  paymentMethod: 'wechat',
  paymentDate: '2025-09-01',
  status: 'completed',
  receipt: null,
  notes: null,
  createdAt: '2025-09-01T00:00:00.000Z',
  updatedAt: '2025-09-01T00:00:00.000Z',
};

describe(PaymentsSection.name, () => {
  it('lists the payments with the total in ¥ and two decimals', async () => {
    renderInAdmin(<PaymentsSection student={student} />, { dataProvider: provider({ getManyReference: jest.fn(async () => ({ data: [payment], total: 1 })) }) });
    expect(await screen.findByText('¥19,800.50 · 微信支付', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('payments-total')).toHaveTextContent('合计: ¥19,800.50');
  });

  it('adds the pending payments to the total and shows both apart, per currency', async () => {
    const owing = { ...student, paidTotals: [{ currency: 'CNY', amount: 1_000_000 }], pendingTotals: [{ currency: 'CNY', amount: 980_000 }, { currency: 'USD', amount: 5_000 }] };
    renderInAdmin(<PaymentsSection student={owing} />, { dataProvider: provider({ getManyReference: jest.fn(async () => ({ data: [payment], total: 1 })) }) });
    await screen.findByText('¥19,800.50 · 微信支付', {}, SLOW);
    expect(screen.getByTestId('payments-total').textContent).toBe('合计: ¥19,800.00 + 50.00 USD（已完成 ¥10,000.00，待确认 ¥9,800.00 + 50.00 USD）');
  });

  it('adds a payment in cents with the default method, and refuses an amount that is not a number above 0', async () => {
    const create = jest.fn(async (_resource: string, { data }: { data: object }) => ({ data: { ...data, id: 'new' } }));
    const user = userEvent.setup();
    renderInAdmin(<PaymentsSection student={student} />, { dataProvider: provider({ create }) });
    const amount = await screen.findByRole('textbox', { name: '金额（元）' }, SLOW);

    await user.click(screen.getByRole('button', { name: '添加缴费' }));
    expect(await screen.findByText('金额不能为空')).toBeInTheDocument();
    await user.type(amount, 'abc');
    await user.click(screen.getByRole('button', { name: '添加缴费' }));
    expect(await screen.findByText('请输入有效的金额')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    await user.clear(amount);
    await user.type(amount, '1,500.05');
    await user.click(screen.getByRole('button', { name: '添加缴费' }));
    await waitFor(() => expect(create).toHaveBeenCalled(), SLOW);
    expect(create.mock.calls[0][1].data).toMatchObject({ studentId: student.id, amount: 150_005, paymentMethod: 'transfer', paymentDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(await screen.findByText('缴费记录添加成功', {}, SLOW)).toBeInTheDocument();
  });

  it('deletes a payment only after the confirmation', async () => {
    const remove = jest.fn(async () => ({ data: payment }));
    const user = userEvent.setup();
    renderInAdmin(<PaymentsSection student={student} />, {
      dataProvider: provider({ getManyReference: jest.fn(async () => ({ data: [payment], total: 1 })), delete: remove }),
    });
    await user.click(await screen.findByRole('button', { name: '删除 PAY-20250901-AB12CD' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定要删除缴费记录 PAY-20250901-AB12CD 吗？此操作不可恢复。')).toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: /确认|Confirm/ }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('payments', expect.objectContaining({ id: payment.id })), SLOW);
    expect(await screen.findByText('缴费记录删除成功', {}, SLOW)).toBeInTheDocument();
  });
});
