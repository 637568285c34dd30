import { type ApiDataResponse, type ApiListResponse, WECHAT_MESSAGES, WECHAT_SHARE_RESOURCE, type WechatShareConfigResponse } from '@aipm/contracts';
import { CreateWechatShareConfigDto, UpdateWechatShareConfigDto } from '@aipm/contracts/dto';
import { Body, Controller, Delete, Get, Header, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataAnswer, ApiFailures, ApiJsonBody, ApiListAnswer } from '../common/openapi/api-answers';
import { CREATE_SHARE_CONFIG_BODY, SHARE_CONFIG, UPDATE_SHARE_CONFIG_BODY } from './docs/wechat.docs';
import type { Response } from 'express';
import { idParam } from '../common/errors/id-param';
import { pageOf } from '../common/list/list-page';
import { ListQueryDto } from '../common/list/list-query.dto';
import { toShareConfigResponse } from './wechat-share-config.mapper';
import { WechatShareConfigsService } from './wechat-share-configs.service';
import { Audited } from '../audit/audited.decorator';
import { WechatShareConfig } from '@aipm/database';

const ShareConfigId = idParam('INVALID_SHARE_CONFIG_ID');

/** The back office's per-page WeChat share settings (administrator only, react-admin simple-rest). */
@ApiTags('admin: wechat share settings')
@Controller(`admin/${WECHAT_SHARE_RESOURCE}`)
export class WechatShareConfigsController {
  constructor(private readonly configs: WechatShareConfigsService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiListAnswer(SHARE_CONFIG, { resource: 'wechat-share-configs', description: 'One page' })
  @ApiFailures('INVALID_LIST_QUERY', 'LIMIT_TOO_LARGE')
  @ApiOperation({ summary: 'react-admin list: range, sort (pageUrl, title, createdAt, updatedAt), filter (q, id); Content-Range' })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response): Promise<ApiListResponse<WechatShareConfigResponse>> {
    return pageOf(response, WECHAT_SHARE_RESOURCE, await this.configs.list(query), toShareConfigResponse);
  }

  @Get(':id')
  @ApiDataAnswer(SHARE_CONFIG, { description: 'The settings' })
  @ApiFailures('INVALID_SHARE_CONFIG_ID', 'SHARE_CONFIG_NOT_FOUND')
  @ApiOperation({ summary: 'One page\'s settings (react-admin getOne)' })
  async find(@Param('id', ShareConfigId) id: string): Promise<ApiDataResponse<WechatShareConfigResponse>> {
    return { success: true, data: toShareConfigResponse(await this.configs.find(id)) };
  }

  @Post()
  @Audited({ action: 'wechat_share.create', entity: 'wechat_share', row: WechatShareConfig })
  @ApiJsonBody(CreateWechatShareConfigDto, CREATE_SHARE_CONFIG_BODY)
  @ApiDataAnswer(SHARE_CONFIG, { status: 201, description: 'Saved', message: WECHAT_MESSAGES.created })
  @ApiFailures('SHARE_PAGE_URL_TAKEN')
  @ApiOperation({ summary: 'A page’s share settings; pageUrl is stored without query or fragment and is unique (409)' })
  async create(@Body() dto: CreateWechatShareConfigDto): Promise<ApiDataResponse<WechatShareConfigResponse>> {
    return { success: true, message: WECHAT_MESSAGES.created, data: toShareConfigResponse(await this.configs.create(dto)) };
  }

  @Patch(':id')
  @Audited({ action: 'wechat_share.update', entity: 'wechat_share', row: WechatShareConfig })
  @ApiJsonBody(UpdateWechatShareConfigDto, UPDATE_SHARE_CONFIG_BODY, 'Any subset of the fields')
  @ApiDataAnswer(SHARE_CONFIG, { description: 'The settings as changed', message: WECHAT_MESSAGES.updated })
  @ApiFailures('INVALID_SHARE_CONFIG_ID', 'SHARE_CONFIG_NOT_FOUND', 'SHARE_PAGE_URL_TAKEN')
  @ApiOperation({ summary: 'Changes a page\'s settings' })
  async update(@Param('id', ShareConfigId) id: string, @Body() dto: UpdateWechatShareConfigDto): Promise<ApiDataResponse<WechatShareConfigResponse>> {
    return { success: true, message: WECHAT_MESSAGES.updated, data: toShareConfigResponse(await this.configs.update(id, dto)) };
  }

  @Delete(':id')
  @Audited({ action: 'wechat_share.delete', entity: 'wechat_share', row: WechatShareConfig })
  @ApiDataAnswer(SHARE_CONFIG, { description: 'The settings as they were', message: WECHAT_MESSAGES.deleted })
  @ApiFailures('INVALID_SHARE_CONFIG_ID', 'SHARE_CONFIG_NOT_FOUND')
  @ApiOperation({ summary: 'Deletes a page\'s settings (the page then shares its own)' })
  async remove(@Param('id', ShareConfigId) id: string): Promise<ApiDataResponse<WechatShareConfigResponse>> {
    return { success: true, message: WECHAT_MESSAGES.deleted, data: toShareConfigResponse(await this.configs.remove(id)) };
  }
}
