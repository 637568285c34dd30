import { type ClientShareConfig, WECHAT_JS_SDK_URL, WECHAT_PATHS, WECHAT_SHARE_API_LIST, type WechatSignatureData } from '@aipm/contracts';

/** The part of WeChat's JS-SDK (jweixin 1.6.0, `window.wx`) the share panel uses. */
export interface WechatJsSdk {
  config(options: WechatSignatureData & { debug: boolean; jsApiList: readonly string[] }): void;
  ready(callback: () => void): void;
  error(callback: (result: { errMsg?: string }) => void): void;
  updateAppMessageShareData?(data: WechatShareCall): void;
  updateTimelineShareData?(data: WechatShareCall): void;
}

type WechatShareCall = ClientShareConfig & { success?: () => void; fail?: (result: { errMsg?: string }) => void };

declare global {
  interface Window {
    wx?: WechatJsSdk;
  }
}

/** Why a setup failed: the four steps of docs/product/wechat.md#setup-failures. */
export type ShareFailure = 'sdkLoad' | 'signature' | 'config' | 'apiUnavailable';

export class ShareSetupError extends Error {
  constructor(
    readonly failure: ShareFailure,
    /** The API's error code, or WeChat's errMsg, when there is one. */
    readonly detail?: string,
  ) {
    super(`${failure}${detail ? `: ${detail}` : ''}`);
  }
}

/** WeChat needs its own time to answer wx.config; past this the setup is reported as failed (retry offered). */
const CONFIG_TIMEOUT_MS = 10_000;

/** The SDK from WeChat's host, added to the page only now (inside WeChat), never in the site's bundle. */
export function loadWechatSdk(): Promise<WechatJsSdk> {
  if (window.wx) return Promise.resolve(window.wx);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = WECHAT_JS_SDK_URL;
    script.async = true;
    script.onload = () => (window.wx ? resolve(window.wx) : reject(new ShareSetupError('sdkLoad')));
    script.onerror = () => {
      // A failed script stays in the DOM otherwise, and a retry would find it instead of loading again.
      script.remove();
      reject(new ShareSetupError('sdkLoad'));
    };
    document.head.appendChild(script);
  });
}

/** POST /api/wechat/jsapi-signature for this page (docs/product/wechat.md#signature-request); a refusal carries the API's code. */
export async function requestSignature(pageUrl: string): Promise<WechatSignatureData> {
  let response: Response;
  try {
    response = await fetch(WECHAT_PATHS.signature, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      // WeChat signs the URL up to '#'; the API cuts it too.
      body: JSON.stringify({ url: pageUrl.split('#')[0] }),
    });
  } catch {
    throw new ShareSetupError('signature');
  }
  const body = (await response.json().catch(() => null)) as { success?: boolean; code?: string; data?: WechatSignatureData } | null;
  if (!response.ok || !body?.success || !body.data) throw new ShareSetupError('signature', body?.code);
  return body.data;
}

export function configure(wx: WechatJsSdk, signature: WechatSignatureData): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ShareSetupError('config')), CONFIG_TIMEOUT_MS);
    wx.ready(() => {
      clearTimeout(timer);
      resolve();
    });
    wx.error((result) => {
      clearTimeout(timer);
      reject(new ShareSetupError('config', result?.errMsg));
    });
    wx.config({ debug: false, ...signature, jsApiList: WECHAT_SHARE_API_LIST });
  });
}

/** Friends (updateAppMessageShareData) and timeline (updateTimelineShareData) get the same data. */
export async function setShareData(wx: WechatJsSdk, share: ClientShareConfig): Promise<void> {
  const apis = [wx.updateAppMessageShareData, wx.updateTimelineShareData];
  if (!apis.every((api) => typeof api === 'function')) throw new ShareSetupError('apiUnavailable');
  await Promise.all(
    apis.map(
      (api) =>
        new Promise<void>((resolve, reject) =>
          api!.call(wx, { ...share, success: () => resolve(), fail: (result) => reject(new ShareSetupError('apiUnavailable', result?.errMsg)) }),
        ),
    ),
  );
}
