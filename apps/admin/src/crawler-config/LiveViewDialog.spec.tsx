import '../../test/support/jsdom-setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { LiveViewDialog } from './LiveViewDialog';

const SLOW = { timeout: 5000 };
const VIEW = '3f2b8c1e-7a4d-4e0b-9c51-2d6f8a9b0c12';

/** jsdom has no EventSource: this one hands the test the stream the dialog opened. */
class TestEventSource {
  static last: TestEventSource | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    TestEventSource.last = this;
  }
  emit(data: object) {
    this.onmessage?.({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
  close() {
    this.closed = true;
  }
}

describe(LiveViewDialog.name, () => {
  beforeEach(() => Object.assign(globalThis, { EventSource: TestEventSource }));

  it('shows the frames, sends keys and text from the focused picture, leaves it with Esc and stores the session on 完成并保存', async () => {
    const calls = answerFetch({
      'POST /api/admin/crawler/live-view': { status: 200, body: { success: true, data: { viewId: VIEW, site: 'zhipin' } } },
      [`POST /api/admin/crawler/live-view/${VIEW}/input`]: { status: 204 },
      [`POST /api/admin/crawler/live-view/${VIEW}/close`]: { status: 200, body: { success: true, data: { stored: true, cookies: 3, origins: 1 } } },
      'GET /api/admin/crawler/site-sessions': { status: 200, body: { success: true, data: [] } },
    });
    const onClose = jest.fn();
    renderInAdmin(<LiveViewDialog site="zhipin" onClose={onClose} />);

    await waitFor(() => expect(TestEventSource.last?.url).toBe(`/api/admin/crawler/live-view/${VIEW}/events`), SLOW);
    TestEventSource.last!.emit({ type: 'frame', jpeg: '/9j/AA==', width: 1280, height: 800, url: 'https://www.zhipin.com/web/user/' });
    expect(await screen.findByRole('img', { name: 'BOSS直聘当前页面：https://www.zhipin.com/web/user/' })).toBeInTheDocument();
    expect(calls[0]).toEqual({ key: 'POST /api/admin/crawler/live-view', body: { site: 'zhipin' } });

    const picture = screen.getByRole('application', { name: 'BOSS直聘的实时画面' });
    await userEvent.tab();
    expect(picture).toHaveFocus();
    await userEvent.keyboard('a');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(calls.filter((call) => call.key.endsWith('/input')).map((call) => call.body)).toEqual([{ kind: 'text', text: 'a' }, { kind: 'key', key: 'Enter' }]));
    await userEvent.keyboard('{Escape}');
    const done = screen.getByRole('button', { name: '完成并保存' });
    expect(done).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(done);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((call) => call.key)).toContain(`POST /api/admin/crawler/live-view/${VIEW}/close`);
    expect(await screen.findByText('已保存BOSS直聘的登录会话（3 个 Cookie）')).toBeInTheDocument();
  });

  it('says why a view could not open', async () => {
    answerFetch({ 'POST /api/admin/crawler/live-view': { status: 503, body: { success: false, code: 'LIVE_VIEW_UNAVAILABLE', message: '无法打开实时画面：抓取服务不可用' } } });
    renderInAdmin(<LiveViewDialog site="liepin" onClose={jest.fn()} />);
    expect(await screen.findByText('无法打开实时画面：抓取服务不可用', {}, SLOW)).toBeInTheDocument();
  });
});
