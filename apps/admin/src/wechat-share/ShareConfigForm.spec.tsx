import '../../test/support/jsdom-setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { stubDataProvider } from '../../test/support/leadFactories';
import { renderInAdmin } from '../../test/support/renderInAdmin';
import { ShareConfigCreate } from './ShareConfigForm';

const SLOW = { timeout: 5000 };

function renderCreate(dataProvider: ReturnType<typeof stubDataProvider>) {
  return renderInAdmin(
    <ResourceContextProvider value="wechat-share-configs">
      <Routes>
        <Route path="/wechat-share-configs/create" element={<ShareConfigCreate />} />
        <Route path="/wechat-share-configs" element={<p>list page</p>} />
      </Routes>
    </ResourceContextProvider>,
    { dataProvider, at: '/wechat-share-configs/create' },
  );
}

describe(ShareConfigCreate.name, () => {
  it('shows the rule messages and sends nothing while a rule fails', async () => {
    const dataProvider = stubDataProvider();
    const user = userEvent.setup();
    renderCreate(dataProvider);

    // A sub-tab of 通知设置 (docs/product/back-office.md#menu has no entry of its own for share settings).
    expect(await screen.findByRole('tab', { name: '微信分享', selected: true }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '电话通知' })).toHaveAttribute('href', '/phone-config');
    const pageUrl = await screen.findByRole('textbox', { name: /页面URL/ }, SLOW);
    expect(pageUrl).toHaveAttribute('inputmode', 'url');
    await user.clear(pageUrl);
    await user.type(pageUrl, 'www.example.cn');
    await user.type(screen.getByRole('textbox', { name: /分享标题/ }), '标'.repeat(101));
    await user.type(screen.getByRole('textbox', { name: /分享图片URL/ }), 'og.jpg');
    await user.click(screen.getByRole('button', { name: '保存' }));

    expect(await screen.findByText('请输入有效的页面URL', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('分享标题不能超过100字符')).toBeInTheDocument();
    expect(screen.getByText('分享描述不能为空')).toBeInTheDocument();
    expect(screen.getByText('请输入有效的图片URL')).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it('creates the settings of the home page by default, then goes back to the list', async () => {
    const dataProvider = stubDataProvider([], { create: jest.fn(async (_resource: string, { data }: { data: object }) => ({ data: { ...data, id: 'x' } })) as never });
    const user = userEvent.setup();
    renderCreate(dataProvider);

    await user.type(await screen.findByRole('textbox', { name: /分享标题/ }, SLOW), 'AI 产品经理训练营');
    await user.type(screen.getByRole('textbox', { name: /分享描述/ }), '35 天实战');
    await user.type(screen.getByRole('textbox', { name: /分享图片URL/ }), 'https://cdn.example.cn/share.jpg');
    expect(screen.getByRole('img', { name: '图片预览' })).toHaveAttribute('src', 'https://cdn.example.cn/share.jpg');
    await user.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled(), SLOW);
    expect(dataProvider.create.mock.calls[0]).toEqual([
      'wechat-share-configs',
      expect.objectContaining({
        data: { pageUrl: `${window.location.origin}/`, title: 'AI 产品经理训练营', description: '35 天实战', imageUrl: 'https://cdn.example.cn/share.jpg' },
      }),
    ]);
    expect(await screen.findByText('list page', {}, SLOW)).toBeInTheDocument();
  });
});
