/** Share title up to 100 characters, description up to 200 (docs/product/wechat.md#share-settings-rules). */
export const SHARE_LIMITS = {
  title: 100,
  description: 200,
  /** Long enough for any page or CDN image address; a bound so the unique index stays cheap. */
  url: 2000,
} as const;

export const WECHAT_PATHS = {
  signature: '/api/wechat/jsapi-signature',
  /** The share settings of one page (public: what the page shares is public anyway). */
  shareSettings: '/api/wechat/share-settings',
  /** The back office's resource (react-admin simple-rest). */
  adminShareConfigs: '/api/admin/wechat-share-configs',
} as const;

/** The react-admin resource name of the share settings (dataProvider maps it to /api/admin/<name>). */
export const WECHAT_SHARE_RESOURCE = 'wechat-share-configs';

/** WeChat's JS-SDK, from WeChat's own host (docs/product/wechat.md#where-sharing-happens). */
export const WECHAT_JS_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

/** The two share APIs the panel sets up, friends and Moments (docs/product/wechat.md#share-types). */
export const WECHAT_SHARE_API_LIST = ['updateAppMessageShareData', 'updateTimelineShareData'] as const;

/** The signature's data (docs/product/wechat.md#signature-request): what `wx.config` needs besides the API list. */
export interface WechatSignatureData {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

export interface WechatSignatureResponse {
  success: true;
  message: string;
  data: WechatSignatureData;
}

/** The client share data (docs/product/wechat.md#what-is-shared): what both share APIs receive. */
export interface ClientShareConfig {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

/** A wechat_share_config row as the API answers it. */
export interface WechatShareConfigResponse {
  id: string;
  pageUrl: string;
  title: string;
  description: string;
  imageUrl: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/wechat/share-settings?pageUrl=…: the page's row, or null when it shares its own title and image. */
export interface ShareSettingsResponse {
  success: true;
  data: Pick<WechatShareConfigResponse, 'pageUrl' | 'title' | 'description' | 'imageUrl'> | null;
}

export const WECHAT_MESSAGES = {
  signed: '签名生成成功',
  created: '分享设置已保存',
  updated: '更新成功',
  deleted: '删除成功',
} as const;

/** True for an absolute http(s) URL (a valid URL of docs/product/validation.md#share-settings). */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.trim() !== value || value === '') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The page a URL stands for when looking up its share settings: scheme, host and path. The query (the
 * `?lng=` of a language, campaign parameters) and the fragment do not make another page, so one row covers
 * every variant; the back office stores pageUrl in this form, which keeps "pageUrl unique" meaningful.
 */
export function sharePageKey(value: string): string | null {
  if (!isHttpUrl(value)) return null;
  const url = new URL(value);
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/**
 * The URL WeChat signs: the page's address up to, not including, `#` (WeChat JS-SDK rules). The query stays,
 * since the signature must match `location.href` exactly as the in-app browser reports it.
 */
export function signableUrl(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}
