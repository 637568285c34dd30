import '../../test/support/jsdom-setup';
import { DEFAULT_GUARANTEE_TERMS, type GuaranteeEntryResponse, type GuaranteeSummaryResponse } from '@aipm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInAdmin } from '../../test/support/renderInAdmin';
import { GuaranteeCard } from './GuaranteeCard';
import { GuaranteeLedger } from './GuaranteeLedger';

const SLOW = { timeout: 5000 };
jest.setTimeout(60_000);

const entry = (changes: Partial<GuaranteeEntryResponse>): GuaranteeEntryResponse => ({
  id: 'c1',
  contractNumber: 'HT-001',
  studentId: 's1',
  studentName: '李二',
  currency: 'CNY',
  contractAmount: 1_980_000,
  tuitionPaid: 1_980_000,
  refundsPaid: 0,
  bonusesPaid: 0,
  terms: DEFAULT_GUARANTEE_TERMS,
  graduation: { status: 'graduated', date: '2026-04-05', onTime: true },
  attendance: { attended: 30, marked: 30 },
  status: 'open',
  failedRule: null,
  windowEnd: '2026-10-02',
  bestSalary: null,
  owed: 0,
  exposure: 1_980_000,
  ...changes,
});

/** The API as this screen calls it, by method and path (query strings aside); each call recorded with its body. */
function answerApi(answers: Record<string, unknown>) {
  const calls: Array<{ key: string; body: unknown }> = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://admin.test');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    calls.push({ key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (!(key in answers)) throw new TypeError(`unexpected fetch ${key}`);
    const data = answers[key];
    const headers = new Headers(Array.isArray(data) ? { 'Content-Range': `items 0-${data.length - 1}/${data.length}` } : {});
    const text = JSON.stringify({ success: true, data });
    return { ok: true, status: 200, statusText: '', headers, text: async () => text } as Response;
  }) as typeof fetch;
  return calls;
}

describe('薪资保障 (docs/product/guarantee.md)', () => {
  const due = entry({ id: 'c2', contractNumber: 'HT-002', studentName: '王一', status: 'refund_due', owed: 1_980_000, exposure: 0, windowEnd: '2026-05-01' });
  const withdrawn = entry({ id: 'c3', contractNumber: 'HT-003', status: 'ineligible', failedRule: 'graduated', exposure: 0, windowEnd: null, graduation: { status: 'withdrawn', date: '2026-03-10' } });

  it('lists each guaranteed contract with its status, the rule that failed and what is owed', async () => {
    answerApi({ 'GET /api/admin/guarantee': [due, entry({}), withdrawn], 'GET /api/admin/guarantee/settings': DEFAULT_GUARANTEE_TERMS, 'GET /api/admin/students': [] });
    renderInAdmin(<GuaranteeLedger />, { at: '/guarantee' });
    const rows = await screen.findAllByTestId('guarantee-status', {}, SLOW);
    expect(rows.map((chip) => chip.textContent)).toEqual(['未达标·退款待付', '期内', '不符合条件（未毕业（已退学））']);
    const owed = screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[5]!.textContent);
    expect(owed).toEqual(['¥19,800.00', '¥0.00', '¥0.00']);
  });

  it('pays a refund due after a confirm naming the amount: a negative refund by transfer today', async () => {
    const calls = answerApi({ 'GET /api/admin/guarantee': [due], 'GET /api/admin/guarantee/settings': DEFAULT_GUARANTEE_TERMS, 'GET /api/admin/students': [], 'POST /api/admin/payments': { id: 'p1' } });
    const user = userEvent.setup();
    renderInAdmin(<GuaranteeLedger />, { at: '/guarantee' });
    await user.click(await screen.findByRole('button', { name: '支付退款：HT-002' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('将为合同 HT-002（王一）记录一笔 ¥19,800.00 的保障退款');
    await user.click(within(dialog).getByRole('button', { name: /确认|Confirm/ }));
    await waitFor(() => expect(calls.some((call) => call.key === 'POST /api/admin/payments')).toBe(true), SLOW);
    expect(calls.find((call) => call.key === 'POST /api/admin/payments')!.body).toMatchObject({ studentId: 's1', contractId: 'c2', kind: 'refund', amount: -1_980_000, paymentMethod: 'transfer' });
    expect(await screen.findByText('已记录付款', {}, SLOW)).toBeInTheDocument();
  });

  it('saves the default terms it changed, the target typed in yuan sent in cents', async () => {
    const calls = answerApi({ 'GET /api/admin/guarantee': [], 'GET /api/admin/guarantee/settings': DEFAULT_GUARANTEE_TERMS, 'PUT /api/admin/guarantee/settings': { ...DEFAULT_GUARANTEE_TERMS, target: 18_000_000 } });
    const user = userEvent.setup();
    renderInAdmin(<GuaranteeLedger />, { at: '/guarantee' });
    await user.click(await screen.findByRole('button', { name: '保障规则（默认值）' }, SLOW));
    const target = await screen.findByRole('textbox', { name: '目标年薪（元）' });
    await waitFor(() => expect(target).toHaveValue('200000.00'));
    await user.clear(target);
    await user.type(target, '180000');
    await user.click(screen.getByRole('button', { name: '保存规则' }));
    expect(await screen.findByText('保障规则已保存', {}, SLOW)).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'PUT /api/admin/guarantee/settings')!.body).toEqual({ target: 18_000_000 });
  });

  it('shows the dashboard’s figures per currency', async () => {
    const summary: GuaranteeSummaryResponse = {
      openExposure: [{ currency: 'CNY', amount: 3_960_000 }],
      refundsDue: [{ currency: 'CNY', amount: 1_980_000 }],
      bonusesDue: [],
      counts: { open: 2, met: 0, bonus_due: 0, refund_due: 1, ineligible: 0, refunded: 0, bonus_paid: 0 },
    };
    answerApi({ 'GET /api/admin/guarantee/summary': summary });
    renderInAdmin(<GuaranteeCard />);
    await waitFor(() => expect(screen.getByTestId('guarantee-exposure')).toHaveTextContent('¥39,600.00'), SLOW);
    expect(screen.getByTestId('guarantee-refunds-due')).toHaveTextContent('¥19,800.00');
    expect(screen.getByTestId('guarantee-bonuses-due')).toHaveTextContent('¥0.00');
  });
});
