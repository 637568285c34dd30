/**
 * Error codes of WeChat sharing: the JS-SDK signature call (docs/product/wechat.md#signature-errors) and the
 * back office's per-page share settings (docs/product/validation.md#share-settings), with their messages.
 */
export const WECHAT_ERRORS = {
  // POST /api/wechat/jsapi-signature
  /** 503: WECHAT_APP_ID / WECHAT_APP_SECRET are not set, so nothing can be signed. */
  WECHAT_NOT_CONFIGURED: '微信分享尚未配置（缺少公众号 AppID 或 AppSecret），请联系网站管理员',
  /** A URL-only check reports 请输入有效的URL (docs/product/validation.md#share-settings). */
  SIGNATURE_URL_INVALID: '请输入有效的URL',
  /** 403: only this site's pages are signed, so the endpoint cannot sign other sites' pages. */
  SIGNATURE_URL_NOT_ALLOWED: '只能为本站页面生成分享签名',
  /** 429: WECHAT_SIGNATURE_RATE_LIMIT_PER_MINUTE per client IP. */
  SIGNATURE_RATE_LIMITED: '签名请求过于频繁，请稍后再试',
  /** 502: WeChat refused or did not answer the token or ticket request (quota, wrong secret, network). */
  WECHAT_API_FAILED: '获取微信签名失败，请检查网络或稍后重试',
  // share settings
  SHARE_PAGE_URL_INVALID: '请输入有效的页面URL',
  SHARE_TITLE_REQUIRED: '分享标题不能为空',
  SHARE_TITLE_TOO_LONG: '分享标题不能超过100字符',
  SHARE_DESCRIPTION_REQUIRED: '分享描述不能为空',
  SHARE_DESCRIPTION_TOO_LONG: '分享描述不能超过200字符',
  SHARE_IMAGE_URL_INVALID: '请输入有效的图片URL',
  /** 409: pageUrl is unique (docs/product/data-model.md#wechat-share-settings). */
  SHARE_PAGE_URL_TAKEN: '该页面已有分享设置，请直接编辑',
  SHARE_CONFIG_NOT_FOUND: '分享设置不存在或已被删除',
  INVALID_SHARE_CONFIG_ID: '分享设置ID格式无效',
} as const;

export type WechatErrorCode = keyof typeof WECHAT_ERRORS;
