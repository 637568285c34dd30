import { signableUrl, type WechatSignatureData } from '@aipm/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { API_ENV, type ApiEnv } from '../config/api-env';
import { REDIS_CLIENT } from '../redis/redis.module';
import { jsapiSignature, nonceString } from './jsapi-signature';
import { WechatApiClient } from './wechat-api.client';
import { WechatError } from './wechat.error';
import { WechatTicketStore } from './wechat-ticket.store';

/** Signs pages for WeChat's JS-SDK `wx.config` (docs/product/wechat.md#signature-call). */
@Injectable()
export class WechatSignatureService {
  private readonly logger = new Logger(WechatSignatureService.name);
  /** Null when the app id and secret are not configured: every signature is then refused with a clear code. */
  private readonly tickets: WechatTicketStore | null;
  private readonly siteHost: string | null;

  constructor(@Inject(REDIS_CLIENT) redis: Redis, @Inject(API_ENV) private readonly env: ApiEnv) {
    const { WECHAT_APP_ID: appId, WECHAT_APP_SECRET: secret } = env;
    this.tickets = appId && secret ? new WechatTicketStore(redis, new WechatApiClient(env.WECHAT_API_BASE, appId, secret), appId) : null;
    this.siteHost = env.SITE_URL ? new URL(env.SITE_URL).host : null;
  }

  /**
   * `requestHost` is the host the visitor's browser used (X-Forwarded-Host from the front door); it stands
   * for the site only when SITE_URL is unset.
   */
  async sign(pageUrl: string, requestHost: string): Promise<WechatSignatureData> {
    if (!this.tickets || !this.env.WECHAT_APP_ID) throw new WechatError('WECHAT_NOT_CONFIGURED');
    const url = signableUrl(pageUrl);
    if (new URL(url).host !== (this.siteHost ?? requestHost.toLowerCase())) throw new WechatError('SIGNATURE_URL_NOT_ALLOWED');

    let ticket: string;
    try {
      ticket = await this.tickets.jsapiTicket();
    } catch (error) {
      this.logger.error(`jsapi ticket unavailable: ${error instanceof Error ? error.message : String(error)}`);
      throw new WechatError('WECHAT_API_FAILED');
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const nonceStr = nonceString();
    return { appId: this.env.WECHAT_APP_ID, timestamp, nonceStr, signature: jsapiSignature({ ticket, nonceStr, timestamp, url }) };
  }
}
