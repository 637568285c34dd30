import type { WechatErrorCode } from '@aipm/contracts';
import { ApiError } from '../common/errors/api.error';

/** A refused WeChat signature or share-settings change. */
export class WechatError extends ApiError<WechatErrorCode> {}
