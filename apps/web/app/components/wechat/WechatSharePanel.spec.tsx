import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { WechatJsSdk } from '~/wechat/wechat-sdk';
import { renderWithI18n } from '../../../test/support/render-with-i18n';

import WechatSharePanel from './WechatSharePanel';

const share = { title: '分享标题', desc: '分享描述', link: 'https://www.example.cn/', imgUrl: 'https://www.example.cn/images/og-image.jpg' };
const signature = { appId: 'wx1234567890abcdef', timestamp: 1414587457, nonceStr: 'Wm3WZYTPz0wzccnW', signature: '0f9de62fce790f9a083d5c99e95740ceb90c27ed' };

/** A stand-in for WeChat's `wx` (the real SDK runs only inside WeChat): config and both share APIs recorded. */
function standInWx(options: { configError?: string; withoutShareApis?: boolean } = {}) {
  const calls = { config: [] as unknown[], appMessage: [] as unknown[], timeline: [] as unknown[] };
  let ready: () => void = () => undefined;
  let error: (result: { errMsg?: string }) => void = () => undefined;
  const wx: WechatJsSdk = {
    config: (config) => {
      calls.config.push(config);
      setTimeout(() => (options.configError ? error({ errMsg: options.configError }) : ready()), 0);
    },
    ready: (callback) => (ready = callback),
    error: (callback) => (error = callback),
    ...(options.withoutShareApis
      ? {}
      : {
          updateAppMessageShareData: ({ success, fail: _fail, ...data }) => (calls.appMessage.push(data), success?.()),
          updateTimelineShareData: ({ success, fail: _fail, ...data }) => (calls.timeline.push(data), success?.()),
        }),
  };
  window.wx = wx;
  return calls;
}

/** The signature call's answer (the API itself is tested in apps/api/test/wechat.e2e-spec.ts). */
function answerSignature(...answers: Array<{ status: number; body: unknown }>) {
  const requests: unknown[] = [];
  globalThis.fetch = jest.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(JSON.parse(String(init?.body)));
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    return { ok: answer.status < 400, status: answer.status, json: async () => answer.body } as Response;
  }) as typeof fetch;
  return requests;
}

const panelState = () => document.querySelector('aside.share-panel')?.getAttribute('data-share-state');

describe('WechatSharePanel', () => {
  afterEach(() => {
    delete window.wx;
  });

  it('goes from idle to done and gives both share APIs the page’s share data', async () => {
    const calls = standInWx();
    const requests = answerSignature({ status: 200, body: { success: true, message: '签名生成成功', data: signature } });
    const user = userEvent.setup();
    await renderWithI18n(<WechatSharePanel share={share} />, 'zh');

    await waitFor(() => expect(panelState()).toBe('done'));
    expect(requests).toEqual([{ url: window.location.href.split('#')[0] }]);
    expect(calls.config).toEqual([{ debug: false, ...signature, jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'] }]);
    expect(calls.appMessage).toEqual([share]);
    expect(calls.timeline).toEqual([share]);

    await user.click(screen.getByRole('button', { name: '分享本页' }));
    expect(screen.getByRole('status')).toHaveTextContent('分享内容已设置好，请选择分享方式');
    await user.click(screen.getByRole('button', { name: '分享给微信好友' }));
    expect(screen.getByText('点击右上角「···」，选择「发送给朋友」')).toBeInTheDocument();
  });

  it('shows a refused signature with its reason, and retries', async () => {
    standInWx();
    answerSignature(
      { status: 503, body: { success: false, code: 'WECHAT_NOT_CONFIGURED', message: '…' } },
      { status: 200, body: { success: true, message: '签名生成成功', data: signature } },
    );
    const user = userEvent.setup();
    await renderWithI18n(<WechatSharePanel share={share} />, 'en');

    await waitFor(() => expect(panelState()).toBe('failed'));
    await user.click(screen.getByRole('button', { name: 'Share this page' }));
    expect(screen.getByRole('status')).toHaveTextContent('Could not get the share signature: WeChat sharing is not set up on this site; please contact the site administrator');
    expect(screen.getByRole('button', { name: 'Share to Moments' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(panelState()).toBe('done'));
  });

  it.each([
    ['a config error, with WeChat’s message', { configError: 'config:invalid signature' }, '微信 JS-SDK 配置错误：config:invalid signature'],
    ['share APIs this WeChat lacks', { withoutShareApis: true }, '微信分享接口不可用：请检查网络或稍后重试'],
  ])('reports %s', async (_case, options, text) => {
    standInWx(options);
    answerSignature({ status: 200, body: { success: true, message: '签名生成成功', data: signature } });
    const user = userEvent.setup();
    await renderWithI18n(<WechatSharePanel share={share} />, 'zh');
    await waitFor(() => expect(panelState()).toBe('failed'));
    await user.click(screen.getByRole('button', { name: '分享本页' }));
    expect(screen.getByRole('status')).toHaveTextContent(text);
  });

  it('reports a network failure of the signature call as "check the network or retry later"', async () => {
    standInWx();
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const user = userEvent.setup();
    await renderWithI18n(<WechatSharePanel share={share} />, 'zh');
    await waitFor(() => expect(panelState()).toBe('failed'));
    await user.click(screen.getByRole('button', { name: '分享本页' }));
    expect(screen.getByRole('status')).toHaveTextContent('获取分享签名失败：请检查网络或稍后重试');
  });
});
