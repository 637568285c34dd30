import type { LandingFailureCode } from './landing-content';

/**
 * Error codes of the landing content (docs/product/errors.md#site-content), beside their Chinese messages. A
 * refused draft names each field with its own message (its limit) in `errors`; these are the codes' general texts.
 */
export const LANDING_CONTENT_ERRORS = {
  LANDING_TEXT_REQUIRED: '网站内容有必填项为空',
  LANDING_TEXT_TOO_LONG: '网站内容有文字超过长度限制',
  LANDING_LIST_SIZE: '网站内容的条目数量不符合要求',
  LANDING_INVALID_VALUE: '网站内容格式不正确',
  LANDING_PUBLICATION_NOT_FOUND: '该发布版本不存在',
  LANDING_IMAGE_REQUIRED: '请选择要上传的图片',
  LANDING_IMAGE_TOO_LARGE: '图片不能超过1MB',
  LANDING_IMAGE_NOT_FOUND: '图片不存在',
} as const satisfies Record<LandingFailureCode | 'LANDING_PUBLICATION_NOT_FOUND' | `LANDING_IMAGE_${'REQUIRED' | 'TOO_LARGE' | 'NOT_FOUND'}`, string>;

export type LandingContentErrorCode = keyof typeof LANDING_CONTENT_ERRORS;
