import { LIVE_VIEW_TEXT_MAX } from './live-view';

/** Error codes of the live view and the stored site sessions (docs/product/errors.md#crawler, ADR 069). */
export const LIVE_VIEW_ERRORS = {
  INVALID_VIEW_ID: '实时画面ID格式无效',
  INVALID_LIVE_VIEW_SITE: '站点必须是 zhaopin, zhipin, job51, liepin, lagou',
  INVALID_LIVE_VIEW_INPUT: `操作无效：必须是点击、拖动、滚动、按键或不超过${LIVE_VIEW_TEXT_MAX}个字符的文字，坐标在画面之内`,
  /** 503: no worker listens, so no browser can be shown. */
  LIVE_VIEW_UNAVAILABLE: '无法打开实时画面：抓取服务不可用',
  /** 409: the view's page has closed (closed by the operator, idle, or the browser closed it). */
  LIVE_VIEW_CLOSED: '实时画面已关闭，请重新打开登录',
  /** 504: the worker did not confirm closing (and storing) in time. */
  LIVE_VIEW_TIMED_OUT: '抓取进程未在时限内确认关闭，会话可能未保存，请重试',
  /** 400: deleting the session of a site that is not one of the five. */
  INVALID_SESSION_SITE: '站点必须是 zhaopin, zhipin, job51, liepin, lagou',
  /** 404: the site has no stored session to delete. */
  SITE_SESSION_NOT_FOUND: '该站点没有已保存的登录会话',
} as const;

export type LiveViewErrorCode = keyof typeof LIVE_VIEW_ERRORS;
