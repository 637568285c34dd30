import '../../test/support/jsdom-setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { aRegistration, stubDataProvider } from '../../test/support/leadFactories';
import { renderInAdmin } from '../../test/support/renderInAdmin';

/** Filters are debounced (500 ms) and the full workspace run loads the machine: wait longer than the default second. */
const SLOW = { timeout: 5000 };
import { RegistrationEdit } from './RegistrationEdit';

const record = aRegistration({
  repeatCount: 1,
  lastRepeatedAt: '2025-08-13T08:00:00.000Z',
  source: { utm_source: 'wechat', landingPath: '/?utm_source=wechat' },
});

function renderEdit(dataProvider: ReturnType<typeof stubDataProvider>) {
  return renderInAdmin(
    <ResourceContextProvider value="registrations">
      <Routes>
        <Route path="/registrations/:id" element={<RegistrationEdit />} />
        <Route path="/registrations" element={<p>list page</p>} />
      </Routes>
    </ResourceContextProvider>,
    { dataProvider, at: `/registrations/${record.id}` },
  );
}

describe(RegistrationEdit.name, () => {
  it('shows the details, then saves status and note', async () => {
    const dataProvider = stubDataProvider([record]);
    const user = userEvent.setup();
    renderEdit(dataProvider);

    const details = await screen.findByTestId('lead-details', {}, SLOW);
    await within(details).findByText('张三');
    expect(within(details).getByText('2025年08月13日 14:05')).toBeInTheDocument();
    expect(within(details).getByText('重复提交 1 次')).toBeInTheDocument();
    expect(within(details).getByText(/最近一次重复提交：2025年08月13日 16:00/)).toBeInTheDocument();
    // Source keys by their labels, never the raw `landingPath`.
    expect(within(details).getByText(/来源（utm_source）: wechat\s+落地页: \/\?utm_source=wechat/)).toBeInTheDocument();
    expect(details).not.toHaveTextContent('landingPath');

    await user.click(screen.getByRole('combobox', { name: /状态/ }));
    await user.click(await screen.findByRole('option', { name: '已联系' }, SLOW));
    // The old follow-up day is gone from the form: follow-ups are scheduled beside it (ADR 073).
    expect(screen.queryByLabelText('跟进日期')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: '备注' }), '已电话沟通');
    await user.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => expect(dataProvider.update).toHaveBeenCalled(), SLOW);
    const [resource, params] = dataProvider.update.mock.calls[0];
    expect(resource).toBe('registrations');
    expect(params).toMatchObject({
      id: record.id,
      data: { status: 'contacted', note: '已电话沟通' },
      previousData: record,
    });
    expect(await screen.findByText('list page', {}, SLOW)).toBeInTheDocument();
  });

  it('erases the person only after the confirmation, then goes back to the list', async () => {
    const dataProvider = stubDataProvider([record], { erasePerson: jest.fn(async () => ({ registrations: 1, messages: 2, students: 0 })) });
    const user = userEvent.setup();
    renderEdit(dataProvider);
    await within(await screen.findByTestId('lead-details', {}, SLOW)).findByText('张三');

    await user.click(screen.getByRole('button', { name: '删除此人全部记录' }));
    const dialog = await screen.findByRole('dialog', { name: '删除此联系人的全部记录？' }, SLOW);
    expect(dialog).toHaveTextContent('张三，138****5678，zhangsan@example.cn');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW);
    expect(dataProvider.erasePerson).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: '删除此人全部记录' }));
    await user.click(within(await screen.findByRole('dialog', {}, SLOW)).getByRole('button', { name: '永久删除' }));
    await waitFor(() => expect(dataProvider.erasePerson).toHaveBeenCalledWith({ resource: 'registrations', id: record.id }), SLOW);
    expect(await screen.findByText('已删除该联系人的全部记录：1 条注册信息，2 条咨询消息，0 名学员（含合同、缴费、账户和文件）', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('list page', {}, SLOW)).toBeInTheDocument();
  });

  it('shows the masked phone in full only when asked, through the audited reveal call', async () => {
    const dataProvider = stubDataProvider([record]);
    const user = userEvent.setup();
    renderEdit(dataProvider);
    const details = await screen.findByTestId('lead-details', {}, SLOW);
    await within(details).findByText('138****5678');
    expect(dataProvider.revealPhone).not.toHaveBeenCalled();

    await user.click(within(details).getByRole('button', { name: '显示完整手机号码（将记入操作日志）' }));
    expect(await within(details).findByText('13812345678', {}, SLOW)).toBeInTheDocument();
    expect(dataProvider.revealPhone).toHaveBeenCalledWith({ resource: 'registrations', id: record.id });
    await user.click(within(details).getByRole('button', { name: '隐藏完整手机号码' }));
    expect(within(details).getByText('138****5678')).toBeInTheDocument();
  });

  it('exports the person of this lead as a JSON file', async () => {
    const exported = { registrations: [record], messages: [], consents: [], notifications: [], students: [] };
    const dataProvider = stubDataProvider([record], { exportPerson: jest.fn(async () => ({ fileName: 'person-20251120.json', data: exported })) as never });
    URL.createObjectURL = jest.fn(() => 'blob:person');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderEdit(dataProvider);
    await within(await screen.findByTestId('lead-details', {}, SLOW)).findByText('张三');

    await user.click(screen.getByRole('button', { name: '导出此人全部数据' }));
    await waitFor(() => expect(click).toHaveBeenCalled(), SLOW);
    expect(dataProvider.exportPerson).toHaveBeenCalledWith({ resource: 'registrations', id: record.id });
    expect(await screen.findByText('已导出 person-20251120.json：1 条注册信息，0 条咨询消息，0 名学员', {}, SLOW)).toBeInTheDocument();
    click.mockRestore();
  });
});
