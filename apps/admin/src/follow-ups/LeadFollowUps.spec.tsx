import '../../test/support/jsdom-setup';
import { FOLLOW_UP_PATHS, type FollowUpResponse } from '@aipm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { chinaTime, LeadFollowUps } from './LeadFollowUps';

const SLOW = { timeout: 5000 };
const ok = (data: unknown, status = 200) => ({ status, body: { success: true, data } });
const LIST = `GET ${FOLLOW_UP_PATHS.base}?leadType=message&leadId=m1`;

const DONE: FollowUpResponse = {
  id: 'f0',
  leadType: 'message',
  leadId: 'm1',
  dueAt: '2026-11-20T02:00:00.000Z',
  kind: 'wechat',
  note: '发课程表',
  result: '已发送',
  doneAt: '2026-11-20T03:00:00.000Z',
  createdAt: '2026-11-19T02:00:00.000Z',
};

function renderPanel() {
  return renderInAdmin(
    <ResourceContextProvider value="messages">
      <RecordContextProvider value={{ id: 'm1', name: '博' }}>
        <LeadFollowUps />
      </RecordContextProvider>
    </ResourceContextProvider>,
  );
}

/** A China-time "YYYY-MM-DDTHH:mm" `minutes` from now, as the datetime field holds it. */
const chinaLocal = (minutes: number) => new Date(Date.now() + minutes * 60_000 + 8 * 3600_000).toISOString().slice(0, 16);

describe(LeadFollowUps.name, () => {
  it('lists the lead’s follow-ups and schedules one in China time', async () => {
    const calls = answerFetch({
      [LIST]: [ok([DONE]), ok([DONE])],
      [`POST ${FOLLOW_UP_PATHS.base}`]: ok({ ...DONE, id: 'f1', result: null, doneAt: null }, 201),
    });
    const user = userEvent.setup();
    renderPanel();
    const [row] = await screen.findAllByTestId('lead-follow-up-row', {}, SLOW);
    expect(row).toHaveTextContent('2026年11月20日 10:00 · 微信');
    expect(row).toHaveTextContent('发课程表 · 完成于 2026年11月20日 11:00：已发送');

    const due = chinaLocal(120);
    fireEvent.change(screen.getByLabelText(/到期时间/), { target: { value: due } });
    await user.click(screen.getByRole('combobox', { name: '方式' }));
    await user.click(await screen.findByRole('option', { name: '面谈' }, SLOW));
    await user.type(screen.getByRole('textbox', { name: '说明（选填）' }), '带上作品集');
    await user.click(screen.getByRole('button', { name: '安排跟进' }));

    await waitFor(() => expect(calls.some((call) => call.key === `POST ${FOLLOW_UP_PATHS.base}`)).toBe(true), SLOW);
    expect(calls.find((call) => call.key === `POST ${FOLLOW_UP_PATHS.base}`)?.body).toEqual({
      leadType: 'message',
      leadId: 'm1',
      dueAt: new Date(chinaTime(due)).toISOString(),
      kind: 'meeting',
      note: '带上作品集',
    });
    expect(await screen.findByText('已安排跟进', {}, SLOW)).toBeInTheDocument();
  });

  it('says a time already past cannot be chosen, before and after asking the API', async () => {
    const calls = answerFetch({
      [LIST]: ok([]),
      [`POST ${FOLLOW_UP_PATHS.base}`]: {
        status: 400,
        body: { success: false, code: 'FOLLOW_UP_DUE_IN_PAST', message: '到期时间不能早于现在，请选择未来的时间', errors: { dueAt: '到期时间不能早于现在，请选择未来的时间' }, fieldCodes: { dueAt: 'FOLLOW_UP_DUE_IN_PAST' } },
      },
    });
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('还没有跟进任务。', {}, SLOW)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/到期时间/), { target: { value: chinaLocal(-30) } });
    await user.click(screen.getByRole('button', { name: '安排跟进' }));
    expect(await screen.findByText('到期时间不能早于现在，请选择未来的时间', {}, SLOW)).toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);

    // The clock of the browser and the API's differ: the API's refusal reads the same.
    fireEvent.change(screen.getByLabelText(/到期时间/), { target: { value: chinaLocal(30) } });
    await user.click(screen.getByRole('button', { name: '安排跟进' }));
    const panel = screen.getByTestId('lead-follow-ups');
    expect(await within(panel).findByText('到期时间不能早于现在，请选择未来的时间', {}, SLOW)).toBeInTheDocument();
  });
});
