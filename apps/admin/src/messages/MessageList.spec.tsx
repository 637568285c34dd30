import '../../test/support/jsdom-setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { aMessage, stubDataProvider } from '../../test/support/leadFactories';
import { renderInAdmin } from '../../test/support/renderInAdmin';

/** Filters are debounced (500 ms) and the full workspace run loads the machine: wait longer than the default second. */
const SLOW = { timeout: 5000 };
import { MessageList } from './MessageList';

function renderList(dataProvider: ReturnType<typeof stubDataProvider>) {
  return renderInAdmin(
    <ResourceContextProvider value="messages">
      <MessageList />
    </ResourceContextProvider>,
    { dataProvider, at: '/messages' },
  );
}

describe(MessageList.name, () => {
  it('shows name, date, subject badge, email, the optional phone and the message body', async () => {
    const dataProvider = stubDataProvider([
      aMessage({ status: 'enrolled' }),
      aMessage({ id: 'c3d4e5f6-0000-4000-8000-000000000001', name: '赵六', phone: '', subject: 'enterprise', message: null }),
    ]);
    renderList(dataProvider);

    const row = (await screen.findByText('李四', {}, SLOW)).closest('tr') as HTMLElement;
    expect(within(row).getByText('2025年08月14日 09:30')).toBeInTheDocument();
    expect(within(row).getByTestId('lead-subject')).toHaveTextContent('费用咨询');
    expect(within(row).getByTestId('lead-status')).toHaveTextContent('已报名入学');
    for (const text of ['139****4321', 'lisi@example.cn', '想了解分期付款']) expect(within(row).getByText(text)).toBeInTheDocument();
    const other = screen.getByText('赵六').closest('tr') as HTMLElement;
    expect(within(other).getByTestId('lead-subject')).toHaveTextContent('企业合作');
    // A new message is a new consultation, not a new registration.
    expect(within(other).getByTestId('lead-status')).toHaveTextContent('新咨询');
    expect(dataProvider.getList).toHaveBeenCalledWith('messages', expect.objectContaining({ sort: { field: 'createdAt', order: 'DESC' } }));
  });

  it('shows the whole message body with its line breaks, in the table and in the phone cards with the email', async () => {
    const message = `第一行：想了解分期付款。\n第二行：${'周末班的安排如何？'.repeat(30)}\n第三行：谢谢！`;
    renderList(stubDataProvider([aMessage({ message })]));
    const body = await screen.findByTestId('message-body', {}, SLOW);
    expect(body.textContent).toBe(message);
    expect(body).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(body).not.toHaveStyle({ WebkitLineClamp: '2' });
  });

  it('shows the email on a phone card (375 px)', async () => {
    const matchMedia = window.matchMedia;
    // MUI asks for "max-width" below its small breakpoint: a phone.
    window.matchMedia = ((query: string) => ({ matches: query.includes('max-width'), media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false })) as typeof window.matchMedia;
    try {
      renderList(stubDataProvider([aMessage({ message: '多行\n消息' })]));
      const card = (await screen.findByText('李四', {}, SLOW)).closest('li') as HTMLElement;
      expect(card).not.toBeNull();
      expect(within(card).getByText('lisi@example.cn')).toBeInTheDocument();
      expect(within(card).getByTestId('message-body').textContent).toBe('多行\n消息');
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('filters by subject on the server and exports from /api/contact/export', async () => {
    const dataProvider = stubDataProvider([aMessage()]);
    const user = userEvent.setup();
    renderList(dataProvider);
    await screen.findByText('李四', {}, SLOW);

    // The filters are a chunk of their own, loaded after the rows (LeadListFrame.tsx).
    await user.click(await screen.findByRole('combobox', { name: '咨询主题' }, SLOW));
    await user.click(await screen.findByRole('option', { name: '技术问题' }, SLOW));
    await waitFor(() => expect(dataProvider.getList.mock.calls.at(-1)?.[1].filter).toEqual({ subject: 'technical' }), SLOW);

    const url = new URL(screen.getByRole('link', { name: 'CSV 导出' }).getAttribute('href') ?? '', 'http://admin.test');
    expect(url.pathname).toBe('/api/contact/export');
    expect(JSON.parse(url.searchParams.get('filter') ?? '')).toEqual({ subject: 'technical' });
  });

  it('says 暂无咨询消息 when there is no message at all', async () => {
    renderList(stubDataProvider([]));
    expect(await screen.findByText('暂无咨询消息', {}, SLOW)).toBeInTheDocument();
  });
});
