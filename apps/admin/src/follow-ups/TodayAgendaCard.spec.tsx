import '../../test/support/jsdom-setup';
import { type AgendaFollowUp, FOLLOW_UP_PATHS, type TodayAgenda } from '@aipm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { Profiler } from 'react';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { TodayAgendaCard } from './TodayAgendaCard';
import { TODAY_AGENDA_QUERY_KEY } from './followUpsApi';

const SLOW = { timeout: 5000 };
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });

const followUp = (fields: Partial<AgendaFollowUp>): AgendaFollowUp => ({
  id: 'f1',
  leadType: 'registration',
  leadId: 'r1',
  dueAt: '2026-11-29T01:00:00.000Z',
  kind: 'phone',
  note: null,
  result: null,
  doneAt: null,
  createdAt: '2026-11-28T01:00:00.000Z',
  name: '安娜',
  phone: '138****2222',
  overdue: false,
  ...fields,
});

const AGENDA: TodayAgenda = {
  timeZone: 'Asia/Shanghai',
  until: '2026-11-29T16:00:00.000Z',
  followUps: [
    followUp({ id: 'f1', overdue: true, note: '问清楚预算', dueAt: '2026-11-28T02:00:00.000Z' }),
    followUp({ id: 'f2', leadType: 'message', leadId: 'm1', name: '博', phone: '139****3333', kind: 'wechat', dueAt: '2026-11-29T08:30:00.000Z' }),
  ],
  followUpsTotal: 2,
  newLeads: [{ leadType: 'message', leadId: 'm9', name: '新来的', phone: '137****4444', createdAt: '2026-11-29T07:00:00.000Z' }],
  newLeadsTotal: 200,
};

describe(TodayAgendaCard.name, () => {
  it('lists the due and overdue follow-ups first, then the new leads, each name a link to the person page', async () => {
    answerFetch({ [`GET ${FOLLOW_UP_PATHS.today}`]: ok(AGENDA) });
    renderInAdmin(<TodayAgendaCard />);

    const due = await screen.findByTestId('today-due', {}, SLOW);
    const rows = within(due).getAllByTestId('today-due-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^安娜 138\*\*\*\*2222 · 电话 已逾期到期：2026年11月28日 10:00 · 问清楚预算/),
      expect.stringMatching(/^博 139\*\*\*\*3333 · 微信 到期：2026年11月29日 16:30/),
    ]);
    expect(within(rows[0]!).getByRole('link', { name: '打开 安娜 的个人页' })).toHaveAttribute('href', expect.stringMatching(/\/people\/registrations\/r1$/));
    expect(within(rows[1]!).getByRole('link', { name: '打开 博 的个人页' })).toHaveAttribute('href', expect.stringMatching(/\/people\/messages\/m1$/));

    const fresh = screen.getByTestId('today-new-leads');
    expect(within(fresh).getByRole('link', { name: '打开 新来的 的个人页' })).toHaveAttribute('href', expect.stringMatching(/\/people\/messages\/m9$/));
    // The API stops counting at 200.
    expect(fresh).toHaveTextContent('共 200+ 条，显示最新的 1 条');
  });

  it("renders the answer's rows in a commit after the answer's own (a transition, in short tasks)", async () => {
    answerFetch({ [`GET ${FOLLOW_UP_PATHS.today}`]: ok(AGENDA) });
    let answered = false;
    /** Sees the same answer as the card, at the same moment. */
    function AnswerSeen() {
      answered = useQuery({ queryKey: TODAY_AGENDA_QUERY_KEY, enabled: false }).data !== undefined;
      return null;
    }
    const commits: Array<{ answered: boolean; rows: number }> = [];
    renderInAdmin(
      <Profiler id="agenda" onRender={() => commits.push({ answered, rows: document.querySelectorAll('[data-testid="today-due-row"]').length })}>
        <AnswerSeen />
        <TodayAgendaCard />
      </Profiler>,
    );
    expect(await screen.findAllByTestId('today-due-row', {}, SLOW)).toHaveLength(2);
    const answerCommit = commits.findIndex((commit) => commit.answered);
    expect(commits[answerCommit]).toEqual({ answered: true, rows: 0 });
    expect(commits.at(-1)).toEqual({ answered: true, rows: 2 });
  });

  it('completes a follow-up with its result, then reads the list again', async () => {
    const calls = answerFetch({
      [`GET ${FOLLOW_UP_PATHS.today}`]: [ok(AGENDA), ok({ ...AGENDA, followUps: AGENDA.followUps.slice(1), followUpsTotal: 1 })],
      [`POST ${FOLLOW_UP_PATHS.base}/f1/complete`]: ok({ ...AGENDA.followUps[0], result: '已沟通', doneAt: '2026-11-29T09:00:00.000Z' }),
    });
    const user = userEvent.setup();
    renderInAdmin(<TodayAgendaCard />);

    const [first] = await screen.findAllByTestId('today-due-row', {}, SLOW);
    await user.click(within(first!).getByRole('button', { name: '完成' }));
    const dialog = await screen.findByRole('dialog', { name: /记录跟进结果/ }, SLOW);
    expect(within(dialog).getByRole('button', { name: '保存结果' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /跟进结果/ }), '已沟通');
    await user.click(within(dialog).getByRole('button', { name: '保存结果' }));

    await waitFor(() => expect(screen.getAllByTestId('today-due-row')).toHaveLength(1), SLOW);
    expect(calls.find((call) => call.key === `POST ${FOLLOW_UP_PATHS.base}/f1/complete`)?.body).toEqual({ result: '已沟通' });
    expect(await screen.findByText('跟进已完成', {}, SLOW)).toBeInTheDocument();
  });

  it('says when nothing is due and nobody waits, in English too', async () => {
    answerFetch({ [`GET ${FOLLOW_UP_PATHS.today}`]: ok({ ...AGENDA, followUps: [], followUpsTotal: 0, newLeads: [], newLeadsTotal: 0 }) });
    renderInAdmin(<TodayAgendaCard />, { locale: 'en' });
    expect(await screen.findByText('No follow-ups due today.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('No new leads waiting for a first contact.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Today' })).toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    answerFetch({ [`GET ${FOLLOW_UP_PATHS.today}`]: [{ status: 500, body: { success: false, code: 'INTERNAL_ERROR', message: '服务器内部错误，请稍后重试' } }, ok(AGENDA)] });
    const user = userEvent.setup();
    renderInAdmin(<TodayAgendaCard />);
    await user.click(await screen.findByRole('button', { name: '重试' }, SLOW));
    expect(await screen.findAllByTestId('today-due-row', {}, SLOW)).toHaveLength(2);
  });
});
