import '../../test/support/jsdom-setup';
import type { OutcomeResponse, StudentResponse } from '@aipm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { stubDataProvider } from '../../test/support/leadFactories';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { adminDataProvider } from '../adminDataProvider';
import { GraduationLine, OutcomesSection } from './OutcomesSection';

const provider = (overrides: Record<string, jest.Mock>) => stubDataProvider([], overrides as never);
const SLOW = { timeout: 5000 };

const student: StudentResponse = {
  id: '6f1c7a52-3b1e-4c4f-9a51-2d5a3f0e9b11',
  name: '孙九',
  phone: '138****8000',
  email: null,
  school: null,
  major: null,
  status: 'graduated',
  enrollmentDate: '2026-03-02',
  graduationDate: '2026-04-06',
  withdrawalDate: null,
  notes: null,
  profilePhoto: null,
  cohortId: null,
  paidTotals: [],
  graduation: { status: 'graduated', date: '2026-04-06', onTime: false },
  createdAt: '2026-03-02T00:00:00.000Z',
  updatedAt: '2026-03-02T00:00:00.000Z',
};

const outcome: OutcomeResponse = {
  id: 'b1b2c3d4-0000-4000-8000-000000000001',
  studentId: student.id,
  category: 'in_field_full_time',
  date: '2026-05-10',
  employer: '长沙某科技',
  title: 'AI 产品经理',
  city: '长沙',
  startDate: '2026-06-01',
  monthlyBase: 1_500_000,
  monthsPerYear: 14,
  fixedExtras: 1_200_000,
  annualBase: 21_000_000,
  contractSalary: 22_200_000,
  notes: null,
  evidence: [
    {
      id: 'e1',
      kind: 'offer_letter',
      accessURL: '/api/admin/files/contracts/2d3e4f50-6172-4839-a4b5-c6d7e8f9a0b1.pdf',
      originalName: 'offer.pdf',
      size: 100,
      contentType: 'application/pdf',
      createdAt: '2026-05-10T00:00:00.000Z',
    },
  ],
  reviewState: 'accepted',
  returnReason: null,
  reportedByStudent: false,
  reviewedAt: null,
  createdAt: '2026-05-10T00:00:00.000Z',
  updatedAt: '2026-05-10T00:00:00.000Z',
};

describe(GraduationLine.name, () => {
  it('says on time or late against the cohort, and a withdrawal with its date', () => {
    renderInAdmin(
      <>
        <GraduationLine student={student} />
        <GraduationLine student={{ ...student, graduation: { status: 'withdrawn', date: '2026-03-20' } }} />
      </>,
    );
    expect(screen.getAllByTestId('graduation-line').map((line) => line.textContent)).toEqual(['结业情况：延期结业 2026-04-06', '结业情况：退学 2026-03-20']);
  });
});

describe(OutcomesSection.name, () => {
  it('lists an outcome with its salary in parts, the computed figures and its evidence', async () => {
    renderInAdmin(<OutcomesSection student={student} />, { dataProvider: provider({ getManyReference: jest.fn(async () => ({ data: [outcome], total: 1 })) }) });
    const item = await screen.findByTestId('outcome', {}, SLOW);
    expect(item).toHaveTextContent('2026-05-10 · 对口全职 · 长沙某科技 · AI 产品经理 · 长沙');
    expect(item).toHaveTextContent('月薪 ¥15,000.00 × 14 + 津贴 ¥12,000.00 · 年基本工资 ¥210,000.00，合同年薪 ¥222,000.00');
    expect(within(item).getByRole('link', { name: /录用通知书：offer.pdf/ })).toHaveAttribute('href', outcome.evidence[0]!.accessURL);
  });

  it('records a job in cents with the figures computed as typed, and shows the API’s refusal beside its field', async () => {
    const create = jest
      .fn()
      .mockRejectedValueOnce(new HttpError('aipm.errors.EVIDENCE_REQUIRED', 400, { code: 'EVIDENCE_REQUIRED', fieldCodes: { evidence: 'EVIDENCE_REQUIRED' }, errors: { evidence: 'aipm.errors.EVIDENCE_REQUIRED' } }))
      .mockImplementation(async (_resource: string, { data }: { data: object }) => ({ data: { ...outcome, ...data } }));
    const user = userEvent.setup();
    renderInAdmin(<OutcomesSection student={student} />, { dataProvider: provider({ create, getManyReference: jest.fn(async () => ({ data: [], total: 0 })) }) });
    expect(await screen.findByText('暂无就业结果', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '记录就业结果' }));
    const dialog = await screen.findByRole('dialog', { name: '记录就业结果' });

    await user.type(within(dialog).getByRole('textbox', { name: '用人单位' }), '长沙某科技');
    await user.type(within(dialog).getByRole('textbox', { name: '职位' }), 'AI 产品经理');
    await user.type(within(dialog).getByRole('textbox', { name: '工作城市' }), '长沙');
    await user.type(within(dialog).getByLabelText(/入职日期/), '2026-06-01');
    await user.type(within(dialog).getByRole('textbox', { name: '月基本工资（元）' }), '15000');
    const months = within(dialog).getByRole('textbox', { name: '每年发薪月数' });
    await user.clear(months);
    await user.type(months, '14');
    expect(within(dialog).getByTestId('outcome-computed')).toHaveTextContent('年基本工资 ¥210,000.00，合同年薪 ¥210,000.00');

    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('除“仍在求职”外，就业结果须附证明材料');
    expect(create.mock.calls[0][1].data).toMatchObject({
      studentId: student.id,
      category: 'in_field_full_time',
      employer: '长沙某科技',
      startDate: '2026-06-01',
      monthlyBase: 1_500_000,
      monthsPerYear: 14,
      fixedExtras: 0,
      evidence: [],
    });

    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('就业结果已保存', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a status hides the offer and sends none of it', async () => {
    const create = jest.fn(async (_resource: string, { data }: { data: object }) => ({ data: { ...outcome, ...data } }));
    const user = userEvent.setup();
    renderInAdmin(<OutcomesSection student={student} />, { dataProvider: provider({ create, getManyReference: jest.fn(async () => ({ data: [], total: 0 })) }) });
    await user.click(await screen.findByRole('button', { name: '记录就业结果' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: '类别' }));
    await user.click(await screen.findByRole('option', { name: '仍在求职' }));
    expect(within(dialog).queryByRole('textbox', { name: '用人单位' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(create).toHaveBeenCalled(), SLOW);
    expect(create.mock.calls[0]![1].data).toMatchObject({ category: 'seeking', employer: null, monthlyBase: null, monthsPerYear: null, fixedExtras: null });
  });

  describe('a student\'s offer report', () => {
    const reported: OutcomeResponse = { ...outcome, reviewState: 'pending', reportedByStudent: true };
    const name = '2026-05-10 对口全职';
    /** The back office's own section calls (answered by answerFetch), with the list from a stub. */
    const withList = (rows: OutcomeResponse[][]) => {
      const getManyReference = jest.fn();
      for (const page of rows) getManyReference.mockImplementationOnce(async () => ({ data: page, total: page.length }));
      return { ...adminDataProvider, getManyReference };
    };

    it('shows it waiting and accepts it, then reads the list again', async () => {
      const calls = answerFetch({ [`POST /api/admin/outcomes/${reported.id}/accept`]: { status: 200, body: { success: true, data: { ...reported, reviewState: 'accepted' } } } });
      const dataProvider = withList([[reported], [{ ...reported, reviewState: 'accepted' }]]);
      const user = userEvent.setup();
      renderInAdmin(<OutcomesSection student={student} />, { dataProvider });
      const review = await screen.findByTestId('outcome-review', {}, SLOW);
      expect(review).toHaveTextContent('学员报告待审核');
      await user.click(within(review).getByRole('button', { name: `接受录用报告：${name}` }));
      expect(await screen.findByText('已接受该录用报告', {}, SLOW)).toBeInTheDocument();
      expect(calls.map(({ key }) => key)).toEqual([`POST /api/admin/outcomes/${reported.id}/accept`]);
      await waitFor(() => expect(screen.getByTestId('outcome-review')).toHaveTextContent('学员报告已接受'));
      expect(screen.queryByRole('button', { name: `接受录用报告：${name}` })).not.toBeInTheDocument();
    });

    it('returns it with a reason, which it needs, and shows the reason', async () => {
      const calls = answerFetch({
        [`POST /api/admin/outcomes/${reported.id}/return`]: { status: 200, body: { success: true, data: { ...reported, reviewState: 'returned', returnReason: '录用通知书看不清' } } },
      });
      const dataProvider = withList([[reported], [{ ...reported, reviewState: 'returned', returnReason: '录用通知书看不清' }]]);
      const user = userEvent.setup();
      renderInAdmin(<OutcomesSection student={student} />, { dataProvider });
      await user.click(await screen.findByRole('button', { name: `退回录用报告：${name}` }, SLOW));
      const dialog = await screen.findByRole('dialog', { name: '退回录用报告' });
      await user.click(within(dialog).getByRole('button', { name: '确认退回' }));
      expect(within(dialog).getByText('请填写退回原因')).toBeInTheDocument();
      expect(calls).toEqual([]);
      await user.type(within(dialog).getByRole('textbox', { name: /退回原因/ }), ' 录用通知书看不清 ');
      await user.click(within(dialog).getByRole('button', { name: '确认退回' }));
      expect(await screen.findByText('已退回该录用报告', {}, SLOW)).toBeInTheDocument();
      expect(calls).toEqual([{ key: `POST /api/admin/outcomes/${reported.id}/return`, body: { reason: '录用通知书看不清' } }]);
      await waitFor(() => expect(screen.getByTestId('outcome-review')).toHaveTextContent('已退回：录用通知书看不清'));
    });

    it('shows the refusal when another administrator decided first', async () => {
      answerFetch({ [`POST /api/admin/outcomes/${reported.id}/accept`]: { status: 409, body: { success: false, code: 'OUTCOME_NOT_PENDING', message: '只有待审核的录用报告可以接受或退回' } } });
      const user = userEvent.setup();
      renderInAdmin(<OutcomesSection student={student} />, { dataProvider: withList([[reported]]) });
      await user.click(await screen.findByRole('button', { name: `接受录用报告：${name}` }, SLOW));
      expect(await screen.findByText('操作失败：只有待审核的录用报告可以接受或退回', {}, SLOW)).toBeInTheDocument();
    });

    it('says nothing of a review for what the administrator recorded', async () => {
      renderInAdmin(<OutcomesSection student={student} />, { dataProvider: withList([[outcome]]) });
      await screen.findByTestId('outcome', {}, SLOW);
      expect(screen.queryByTestId('outcome-review')).not.toBeInTheDocument();
    });
  });
});
