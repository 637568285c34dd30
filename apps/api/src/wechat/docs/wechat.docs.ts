import { type ShareSettingsResponse, WECHAT_MESSAGES, type WechatShareConfigResponse, type WechatSignatureResponse } from '@aipm/contracts';
import type { CreateWechatShareConfigDto, JsapiSignatureDto, UpdateWechatShareConfigDto } from '@aipm/contracts/dto';
import { constant, dateTime, integer, nullable, object, recordSchema, text, url, uuid } from '../../common/openapi/schemas';

/* The WeChat share routes' shapes and examples (public signature and settings, back-office settings); ADR 022. */

export const SHARE_CONFIG = recordSchema<WechatShareConfigResponse>('WechatShareConfigResponse', {
  id: uuid(),
  pageUrl: url('https://www.example.cn/', 'Scheme, host and path (no query or fragment); unique'),
  title: text('35 天成为 AI 产品经理'),
  description: text('长沙线下训练营，真实项目，导师一对一'),
  imageUrl: url('https://www.example.cn/share.jpg'),
  createdAt: dateTime(),
  updatedAt: dateTime(),
});

export const SHARE_SETTINGS = recordSchema<ShareSettingsResponse>('ShareSettingsResponse', {
  success: constant(true),
  data: nullable(
    object(
      {
        pageUrl: url('https://www.example.cn/'),
        title: text('35 天成为 AI 产品经理'),
        description: text('长沙线下训练营，真实项目，导师一对一'),
        imageUrl: url('https://www.example.cn/share.jpg'),
      },
      'null: the page shares its own title, description and image',
    ),
  ),
});

export const SIGNATURE = recordSchema<WechatSignatureResponse>('WechatSignatureResponse', {
  success: constant(true),
  message: text(WECHAT_MESSAGES.signed),
  data: object({
    appId: text('wx0123456789abcdef'),
    timestamp: integer(1414587457, 'Seconds'),
    nonceStr: text('Wm3WZYTPz0wzccnW'),
    signature: text('0f9de62fce790f9a083d5c99e95740ceb90c27ed', 'sha1 of the ticket, nonce, timestamp and URL (WeChat JS-SDK rules)'),
  }),
});

export const SIGNATURE_BODY: JsapiSignatureDto = { url: 'https://www.example.cn/?lng=zh#share' };

export const CREATE_SHARE_CONFIG_BODY: CreateWechatShareConfigDto = {
  pageUrl: 'https://www.example.cn/',
  title: '35 天成为 AI 产品经理',
  description: '长沙线下训练营，真实项目，导师一对一',
  imageUrl: 'https://www.example.cn/share.jpg',
};

export const UPDATE_SHARE_CONFIG_BODY: UpdateWechatShareConfigDto = { title: '35 天成为 AI 产品经理（秋季班）' };
