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

  it('filters by subject on the server and exports from /api/contact/export', async () => {
    const dataProvider = stubDataProvider([aMessage()]);
    const user = userEvent.setup();
    renderList(dataProvider);
    await screen.findByText('李四', {}, SLOW);

    await user.click(screen.getByRole('combobox', { name: '咨询主题' }));
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
