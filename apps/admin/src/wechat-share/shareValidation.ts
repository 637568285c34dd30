import { isHttpUrl, SHARE_LIMITS, type WechatErrorCode } from '@aipm/contracts';
import { maxLength, required, type Validator } from 'react-admin';

import { errorKey } from '../i18n/error-messages';

/** The rules of docs/product/wechat.md#share-settings-rules in the form, worded by the API's own codes. */
const httpUrl =
  (code: WechatErrorCode): Validator =>
  (value: unknown) =>
    isHttpUrl(typeof value === 'string' ? value.trim() : value) ? undefined : errorKey(code);

/** Whitespace-only text is empty, as the API (which trims) sees it. */
const notBlank =
  (code: WechatErrorCode): Validator =>
  (value: unknown) =>
    typeof value === 'string' && value.trim() === '' ? errorKey(code) : undefined;

export const SHARE_VALIDATION: Record<'pageUrl' | 'title' | 'description' | 'imageUrl', Validator[]> = {
  pageUrl: [required(errorKey('SHARE_PAGE_URL_INVALID')), httpUrl('SHARE_PAGE_URL_INVALID')],
  title: [required(errorKey('SHARE_TITLE_REQUIRED')), notBlank('SHARE_TITLE_REQUIRED'), maxLength(SHARE_LIMITS.title, errorKey('SHARE_TITLE_TOO_LONG'))],
  description: [
    required(errorKey('SHARE_DESCRIPTION_REQUIRED')),
    notBlank('SHARE_DESCRIPTION_REQUIRED'),
    maxLength(SHARE_LIMITS.description, errorKey('SHARE_DESCRIPTION_TOO_LONG')),
  ],
  imageUrl: [required(errorKey('SHARE_IMAGE_URL_INVALID')), httpUrl('SHARE_IMAGE_URL_INVALID')],
};
