import '../../test/support/jsdom-setup';
import { focusManager, notifyManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, RefreshIconButton, ResourceContextProvider, useCreate } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { aMessage, stubDataProvider } from '../../test/support/leadFactories';
import { createI18nProvider } from '../i18n/i18nProvider';
import { MessageList } from '../messages/MessageList';
import { SECTION_MESSAGES } from '../sectionMessages';
import { createAdminQueryClient, notifyQueryObserversInOneTimer } from './queryClient';

const SLOW = { timeout: 5000 };
const AN_HOUR = 60 * 60 * 1000;

/** Another screen, where a student can be saved. */
function AnotherScreen() {
  const [create] = useCreate();
  return (
    <button type="button" onClick={() => void create('students', { data: { name: '王五', phone: '13900001111' } })}>
      save a student
    </button>
  );
}

/**
 * The messages screen in one back-office session (one query client), shown or not as the administrator moves
 * between screens, with the refresh button (the header's).
 */
function renderSession(dataProvider: ReturnType<typeof stubDataProvider>) {
  const queryClient = createAdminQueryClient();
  const session = (showList: boolean) => (
    <MemoryRouter initialEntries={['/messages']}>
      <AdminContext i18nProvider={createI18nProvider(SECTION_MESSAGES, '')} store={memoryStore()} queryClient={queryClient} dataProvider={dataProvider}>
        <RefreshIconButton />
        {showList ? (
          <ResourceContextProvider value="messages">
            <MessageList />
          </ResourceContextProvider>
        ) : (
          <AnotherScreen />
        )}
      </AdminContext>
    </MemoryRouter>
  );
  const view = render(session(true));
  return { show: (showList: boolean) => view.rerender(session(showList)) };
}

afterEach(() => jest.restoreAllMocks());

describe('the back office query policy (docs/product/back-office.md#no-retries-and-no-polling)', () => {
  it('keeps what a screen read: no new read when it is opened again an hour later, nor on focus; the refresh button reads', async () => {
    const dataProvider = stubDataProvider([aMessage()]);
    const { show } = renderSession(dataProvider);
    expect(await screen.findByText('李四', {}, SLOW)).toBeInTheDocument();
    const reads = () => dataProvider.getList.mock.calls.filter(([resource]) => resource === 'messages').length;
    expect(reads()).toBe(1);

    // Another screen, an hour passes, and the messages screen again.
    show(false);
    expect(screen.getByRole('button', { name: 'save a student' })).toBeInTheDocument();
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + AN_HOUR);
    show(true);
    expect(await screen.findByText('李四', {}, SLOW)).toBeInTheDocument();
    await act(async () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect(reads()).toBe(1);

    // The refresh button says so: it reads again.
    await userEvent.click(screen.getByRole('button', { name: '刷新' }));
    await screen.findByText('李四', {}, SLOW);
    expect(reads()).toBe(2);
  }, 15_000);

  it('reads a screen again when it is next opened after a change was saved anywhere (a lead enrolled from another screen)', async () => {
    const dataProvider = stubDataProvider([aMessage()], { create: jest.fn(async () => ({ data: { id: 'new-student' } })) } as never);
    const { show } = renderSession(dataProvider);
    expect(await screen.findByText('李四', {}, SLOW)).toBeInTheDocument();
    const reads = () => dataProvider.getList.mock.calls.filter(([resource]) => resource === 'messages').length;

    show(false);
    await userEvent.click(screen.getByRole('button', { name: 'save a student' }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(dataProvider.create).toHaveBeenCalledTimes(1);
    expect(reads()).toBe(1);

    show(true);
    await screen.findByText('李四', {}, SLOW);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect(reads()).toBe(2);
  }, 15_000);
});

describe("react-query's notifications in one timer (ADR 079)", () => {
  afterEach(() => {
    // react-query's own scheduler again, for the other suites of this worker.
    notifyManager.setScheduler((callback) => setTimeout(callback, 0));
    jest.restoreAllMocks();
  });

  it('runs every batch scheduled in a task from one timer, after the task, in order, a failing one keeping no other from running', async () => {
    const timers = jest.spyOn(globalThis, 'setTimeout');
    notifyQueryObserversInOneTimer();
    const ran: string[] = [];
    notifyManager.schedule(() => ran.push('first'));
    notifyManager.schedule(() => {
      throw new Error('an observer failed');
    });
    notifyManager.batch(() => notifyManager.schedule(() => ran.push('batched')));
    notifyManager.schedule(() => ran.push('last'));
    expect(ran).toEqual([]);
    expect(timers).toHaveBeenCalledTimes(1);

    const reported = new Promise<unknown>((resolve) => {
      const listener = (event: ErrorEvent) => {
        event.preventDefault();
        window.removeEventListener('error', listener);
        resolve(event.error);
      };
      window.addEventListener('error', listener);
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ran).toEqual(['first', 'batched', 'last']);
    // Still reported, from a timer of its own as before.
    expect(await reported).toEqual(new Error('an observer failed'));

    // The next task's notifications get a timer of their own.
    notifyManager.schedule(() => ran.push('later'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ran).toEqual(['first', 'batched', 'last', 'later']);
  });
});
