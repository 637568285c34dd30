import { type ShareSettingsResponse, WECHAT_MESSAGES, type WechatSignatureResponse } from '@aipm/contracts';
import { JsapiSignatureDto, ShareSettingsQuery } from '@aipm/contracts/dto';
import { Body, Controller, Get, Header, HttpCode, HttpStatus, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiFailures, ApiJsonBody } from '../common/openapi/api-answers';
import { SHARE_SETTINGS, SIGNATURE, SIGNATURE_BODY } from './docs/wechat.docs';
import type { Request } from 'express';
import { Public } from '../common/decorators/public.decorator';
import { SignatureRateLimitGuard } from './signature-rate-limit.guard';
import { WechatShareConfigsService } from './wechat-share-configs.service';
import { WechatSignatureService } from './wechat-signature.service';

/**
 * The public WeChat calls of the site's share panel (docs/product/wechat.md#signature-call,
 * docs/product/wechat.md#what-is-shared).
 */
@ApiTags('wechat')
@Public()
@Controller('wechat')
export class WechatController {
  constructor(
    private readonly signatures: WechatSignatureService,
    private readonly shareConfigs: WechatShareConfigsService,
  ) {}

  @Post('jsapi-signature')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @UseGuards(SignatureRateLimitGuard)
  @ApiJsonBody(JsapiSignatureDto, SIGNATURE_BODY)
  @ApiAnswer(SIGNATURE, { description: 'What wx.config needs besides the API list' })
  @ApiFailures('SIGNATURE_URL_NOT_ALLOWED', 'SIGNATURE_RATE_LIMITED', 'WECHAT_NOT_CONFIGURED', 'WECHAT_API_FAILED')
  @ApiOperation({ summary: 'JS-SDK wx.config signature for a page of this site (SITE_URL host, else the request host); rate-limited per IP' })
  async sign(@Body() dto: JsapiSignatureDto, @Req() request: Request): Promise<WechatSignatureResponse> {
    return { success: true, message: WECHAT_MESSAGES.signed, data: await this.signatures.sign(dto.url, request.host) };
  }

  @Get('share-settings')
  @ApiQuery({ name: 'pageUrl', required: true, description: 'The page\'s address (absolute http(s) URL)', example: 'https://www.example.cn/?lng=zh' })
  @ApiAnswer(SHARE_SETTINGS, { description: 'The page\'s settings, or data: null' })
  @ApiFailures('SHARE_PAGE_URL_INVALID')
  @ApiOperation({ summary: 'The share settings of a page (query and fragment ignored), or null: it shares its own title, description and image' })
  async shareSettings(@Query() query: ShareSettingsQuery): Promise<ShareSettingsResponse> {
    const row = await this.shareConfigs.findForPage(query.pageUrl);
    return { success: true, data: row && { pageUrl: row.pageUrl, title: row.title, description: row.description, imageUrl: row.imageUrl } };
  }
}
