import '../../test/support/jsdom-setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { aRegistration, stubDataProvider } from '../../test/support/leadFactories';
import { renderInAdmin } from '../../test/support/renderInAdmin';

/** Filters are debounced (500 ms) and the full workspace run loads the machine: wait longer than the default second. */
const SLOW = { timeout: 5000 };
import { RegistrationList } from './RegistrationList';

function renderList(dataProvider: ReturnType<typeof stubDataProvider>) {
  return renderInAdmin(
    <ResourceContextProvider value="registrations">
      <RegistrationList />
    </ResourceContextProvider>,
    { dataProvider, at: '/registrations' },
  );
}

const lastFilter = (dataProvider: ReturnType<typeof stubDataProvider>) => dataProvider.getList.mock.calls.at(-1)?.[1].filter;

describe(RegistrationList.name, () => {
  it('shows the card fields: name, date as yyyy年MM月dd日 HH:mm, status badge, phone, email, school, major, repeats', async () => {
    const dataProvider = stubDataProvider([
      // Follow-up on 20 Aug, sent as its midnight in China time.
      aRegistration({ status: 'contacted', repeatCount: 2, followUpAt: '2025-08-19T16:00:00.000Z', personRecords: 3 }),
      aRegistration({ id: 'b5f0d8c3-1a2b-4c3d-8e4f-5a6b7c8d9e0f', name: '王五', email: null, status: 'new' }),
    ]);
    renderList(dataProvider);

    const row = (await screen.findByText('张三', {}, SLOW)).closest('tr') as HTMLElement;
    expect(within(row).getByText('2025年08月13日 14:05')).toBeInTheDocument();
    expect(within(row).getByTestId('lead-status')).toHaveTextContent('已联系');
    expect(within(row).getByText('重复提交 2 次')).toBeInTheDocument();
    // A follow-up is a day: no "00:00".
    expect(within(row).getByText('2025年8月20日')).toBeInTheDocument();
    expect(row).not.toHaveTextContent('00:00');
    for (const text of ['138****5678', 'zhangsan@example.cn', '中南大学', '计算机科学']) expect(within(row).getByText(text)).toBeInTheDocument();
    const other = screen.getByText('王五').closest('tr') as HTMLElement;
    expect(within(other).getByTestId('lead-status')).toHaveTextContent('新报名');
    expect(within(other).queryByTestId('lead-repeat')).not.toBeInTheDocument();
    // The person has two more records: a link of its own to the person page; one record alone shows nothing.
    expect(within(row).getByRole('link', { name: '此人共有 3 条记录，打开客户主页' })).toHaveAttribute('href', expect.stringMatching(/\/people\/registrations\/[0-9a-f-]+$/));
    expect(within(other).queryByTestId('person-records')).not.toBeInTheDocument();

    expect(dataProvider.getList).toHaveBeenCalledWith(
      'registrations',
      expect.objectContaining({ pagination: { page: 1, perPage: 25 }, sort: { field: 'createdAt', order: 'DESC' }, filter: {} }),
    );
  });

  it('searches and filters on the server, and exports what is shown', async () => {
    const dataProvider = stubDataProvider([aRegistration()]);
    const user = userEvent.setup();
    renderList(dataProvider);
    await screen.findByText('张三', {}, SLOW);

    // The search and the filters are a chunk of their own, loaded after the rows (LeadListFrame.tsx).
    await user.type(await screen.findByPlaceholderText('搜索姓名、手机、邮箱、学校', {}, SLOW), '1381');
    await waitFor(() => expect(lastFilter(dataProvider)).toEqual({ q: '1381' }), SLOW);

    await user.click(screen.getByRole('combobox', { name: '状态' }));
    await user.click(await screen.findByRole('option', { name: '已联系' }, SLOW));
    await waitFor(() => expect(lastFilter(dataProvider)).toEqual({ q: '1381', status: 'contacted' }), SLOW);

    const exportLink = screen.getByRole('link', { name: 'CSV 导出' });
    const url = new URL(exportLink.getAttribute('href') ?? '', 'http://admin.test');
    expect(url.pathname).toBe('/api/registrations/export');
    expect(JSON.parse(url.searchParams.get('filter') ?? '')).toEqual({ q: '1381', status: 'contacted' });
    expect(JSON.parse(url.searchParams.get('sort') ?? '')).toEqual(['createdAt', 'DESC']);
    expect(url.searchParams.has('range')).toBe(false);
  });

  it('sorts on the server when a column header is clicked', async () => {
    const dataProvider = stubDataProvider([aRegistration()]);
    const user = userEvent.setup();
    renderList(dataProvider);
    await screen.findByText('张三', {}, SLOW);

    await user.click(screen.getByRole('button', { name: /学校/ }));
    await waitFor(() => expect(dataProvider.getList.mock.calls.at(-1)?.[1].sort).toEqual({ field: 'school', order: 'ASC' }), SLOW);
  });

  it('says 暂无注册信息 when there is no registration at all, and still offers 导入', async () => {
    renderList(stubDataProvider([]));
    expect(await screen.findByText('暂无注册信息', {}, SLOW)).toBeInTheDocument();
    // A new system's first leads come from a file: the empty list must not hide the way to import them.
    expect(screen.getByRole('button', { name: '导入' })).toHaveAttribute('aria-haspopup', 'dialog');
  });
});
