import { createHash } from 'node:crypto';

/** The official account the journeys' system is configured with, and where its WeChat stand-in listens. */
export const E2E_WECHAT = {
  appId: 'wx0000000000e2etest',
  appSecret: 'e2etestsecret0000000000000000000',
  apiBase: `http://127.0.0.1:${process.env.E2E_WECHAT_PORT ?? 3911}`,
} as const;

export const WECHAT_JS_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

/** WeChat 8 on Android, as its in-app browser reports itself. */
export const WECHAT_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 13; Pixel 5 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

/**
 * A stand-in for jweixin-1.6.0.js served at its real URL (page.route): the same `wx` calls, recorded in
 * `window.__wxRecord`; wx.config "succeeds" asynchronously as WeChat's does, and each share API calls
 * `success`. The real SDK only works inside WeChat.
 */
export const WX_STAND_IN = `(() => {
  const record = { configs: [], appMessage: [], timeline: [] };
  const readyCallbacks = [];
  window.__wxRecord = record;
  const share = (list) => (data) => {
    const { success, fail, cancel, ...shared } = data;
    list.push(shared);
    setTimeout(() => success && success({ errMsg: 'ok' }), 10);
  };
  window.wx = {
    config(options) {
      record.configs.push(options);
      setTimeout(() => readyCallbacks.splice(0).forEach((callback) => callback()), 20);
    },
    ready(callback) { readyCallbacks.push(callback); },
    error() {},
    updateAppMessageShareData: share(record.appMessage),
    updateTimelineShareData: share(record.timeline),
  };
})();`;

export interface WxRecord {
  configs: Array<{ appId: string; timestamp: number; nonceStr: string; signature: string; jsApiList: string[]; debug: boolean }>;
  appMessage: Array<{ title: string; desc: string; link: string; imgUrl: string }>;
  timeline: Array<{ title: string; desc: string; link: string; imgUrl: string }>;
}

/** The tickets the WeChat stand-in handed out (its control endpoint), to check a signature end to end. */
export async function issuedTickets(): Promise<string[]> {
  const response = await fetch(`${E2E_WECHAT.apiBase}/__state`);
  return ((await response.json()) as { tickets: string[] }).tickets;
}

export function jsapiSignature(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  return createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`).digest('hex');
}
