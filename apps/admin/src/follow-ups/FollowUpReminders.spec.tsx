import '../../test/support/jsdom-setup';
import { type AgendaFollowUp, FOLLOW_UP_PATHS, type FollowUpDueEvent } from '@aipm/contracts';
import { act, screen } from '@testing-library/react';
import { renderInAdmin } from '../../test/support/renderInAdmin';
import { FollowUpReminders } from './FollowUpReminders';

const SLOW = { timeout: 5000 };

/** The server's stream, as jsdom lacks EventSource: the test pushes what the API would. */
class PushedEvents {
  static last: PushedEvents | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    PushedEvents.last = this;
  }
  push(event: FollowUpDueEvent) {
    act(() => this.onmessage?.({ data: JSON.stringify(event) } as MessageEvent<string>));
  }
  close() {
    this.closed = true;
  }
}

const DUE: AgendaFollowUp = {
  id: 'f1',
  leadType: 'registration',
  leadId: 'r1',
  dueAt: '2026-11-29T09:00:00.000Z',
  kind: 'phone',
  note: '回电',
  result: null,
  doneAt: null,
  createdAt: '2026-11-29T08:58:00.000Z',
  name: '王五',
  phone: '135****7777',
  overdue: false,
};

/** The browser's desktop notifications, with the permission the administrator gave. */
function desktopNotifications(permission: NotificationPermission) {
  const shown: Array<{ title: string; options?: NotificationOptions }> = [];
  class DesktopNotification {
    static permission = permission;
    static requestPermission = jest.fn(async () => permission);
    onclick: (() => void) | null = null;
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, options });
    }
    close() {}
  }
  Object.assign(globalThis, { Notification: DesktopNotification });
  return shown;
}

describe(FollowUpReminders.name, () => {
  beforeEach(() => Object.assign(globalThis, { EventSource: PushedEvents }));
  afterEach(() => {
    delete (globalThis as { Notification?: unknown }).Notification;
    delete (globalThis as { EventSource?: unknown }).EventSource;
  });

  it('listens to the pushed reminders and shows one as a toast when desktop notifications are not allowed', async () => {
    desktopNotifications('default');
    const { unmount } = renderInAdmin(<FollowUpReminders />);
    expect(PushedEvents.last?.url).toBe(FOLLOW_UP_PATHS.events);

    PushedEvents.last!.push({ type: 'due', followUp: DUE });
    expect(await screen.findByText('跟进到期：王五（电话） · 回电', {}, SLOW)).toBeInTheDocument();
    unmount();
    expect(PushedEvents.last!.closed).toBe(true);
  });

  it('shows a desktop notification when the browser allows them', async () => {
    const shown = desktopNotifications('granted');
    renderInAdmin(<FollowUpReminders />, { locale: 'en' });
    PushedEvents.last!.push({ type: 'due', followUp: { ...DUE, kind: 'meeting', note: null } });
    expect(shown).toEqual([{ title: 'Follow-up due: 王五', options: { body: 'Meeting · 135****7777', tag: 'f1' } }]);
    expect(screen.queryByText(/Follow-up due/)).not.toBeInTheDocument();
  });

  it('shows a toast where the browser has no Notification API', async () => {
    renderInAdmin(<FollowUpReminders />);
    PushedEvents.last!.push({ type: 'due', followUp: { ...DUE, note: null, kind: 'wechat' } });
    expect(await screen.findByText('跟进到期：王五（微信）', {}, SLOW)).toBeInTheDocument();
  });
});
