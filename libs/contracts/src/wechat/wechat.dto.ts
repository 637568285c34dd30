import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength, registerDecorator, ValidateIf, type ValidationOptions } from 'class-validator';
import type { ErrorCode } from '../errors/error-catalog';
import { Trimmed } from '../leads/lead-validators';
import { rule } from '../validation/rule';
import { isHttpUrl, SHARE_LIMITS, sharePageKey } from './wechat-share';

/** An absolute http(s) URL (docs/product/validation.md#share-settings), reported with `code`. */
function IsHttpUrl(code: ErrorCode, options: ValidationOptions = {}): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isHttpUrl',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { ...rule(code), ...options },
      validator: { validate: (value: unknown) => isHttpUrl(value) },
    });
}

/**
 * POST /api/wechat/jsapi-signature (docs/product/wechat.md#signature-request): the page's address, as the in-app
 * browser reports it.
 */
export class JsapiSignatureDto {
  @Trimmed()
  @IsHttpUrl('SIGNATURE_URL_INVALID')
  @MaxLength(SHARE_LIMITS.url, rule('SIGNATURE_URL_INVALID'))
  url: string;
}

/** GET /api/wechat/share-settings?pageUrl=… */
export class ShareSettingsQuery {
  @Trimmed()
  @IsHttpUrl('SHARE_PAGE_URL_INVALID')
  @MaxLength(SHARE_LIMITS.url, rule('SHARE_PAGE_URL_INVALID'))
  pageUrl: string;
}

/** Stored without query or fragment (sharePageKey), so "unique" means one row per page. */
const PageKey = () => Transform(({ value }) => (typeof value === 'string' ? (sharePageKey(value.trim()) ?? value) : value));

/** POST /api/admin/wechat-share-configs (docs/product/wechat.md#share-settings-rules, in the form's order). */
export class CreateWechatShareConfigDto {
  @PageKey()
  @IsHttpUrl('SHARE_PAGE_URL_INVALID')
  @MaxLength(SHARE_LIMITS.url, rule('SHARE_PAGE_URL_INVALID'))
  pageUrl: string;

  @Trimmed()
  @IsString(rule('SHARE_TITLE_REQUIRED'))
  @IsNotEmpty(rule('SHARE_TITLE_REQUIRED'))
  @MaxLength(SHARE_LIMITS.title, rule('SHARE_TITLE_TOO_LONG'))
  title: string;

  @Trimmed()
  @IsString(rule('SHARE_DESCRIPTION_REQUIRED'))
  @IsNotEmpty(rule('SHARE_DESCRIPTION_REQUIRED'))
  @MaxLength(SHARE_LIMITS.description, rule('SHARE_DESCRIPTION_TOO_LONG'))
  description: string;

  @Trimmed()
  @IsHttpUrl('SHARE_IMAGE_URL_INVALID')
  @MaxLength(SHARE_LIMITS.url, rule('SHARE_IMAGE_URL_INVALID'))
  imageUrl: string;
}

/** A PATCH leaves an absent field alone; null is not absent (every column is required) and fails its rules. */
const IfPresent = () => ValidateIf((_dto: object, value: unknown) => value !== undefined);

/** PATCH /api/admin/wechat-share-configs/{id}: the fields the form changed, each under the same rules. */
export class UpdateWechatShareConfigDto {
  @PageKey()
  @IfPresent()
  @IsHttpUrl('SHARE_PAGE_URL_INVALID')
  @MaxLength(SHARE_LIMITS.url, rule('SHARE_PAGE_URL_INVALID'))
  pageUrl?: string;

  @Trimmed()
  @IfPresent()
  @IsString(rule('SHARE_TITLE_REQUIRED'))
  @IsNotEmpty(rule('SHARE_TITLE_REQUIRED'))
  @MaxLength(SHARE_LIMITS.title, rule('SHARE_TITLE_TOO_LONG'))
  title?: string;

  @Trimmed()
  @IfPresent()
  @IsString(rule('SHARE_DESCRIPTION_REQUIRED'))
  @IsNotEmpty(rule('SHARE_DESCRIPTION_REQUIRED'))
  @MaxLength(SHARE_LIMITS.description, rule('SHARE_DESCRIPTION_TOO_LONG'))
  description?: string;

  @Trimmed()
  @IfPresent()
  @IsHttpUrl('SHARE_IMAGE_URL_INVALID')
  @MaxLength(SHARE_LIMITS.url, rule('SHARE_IMAGE_URL_INVALID'))
  imageUrl?: string;
}
