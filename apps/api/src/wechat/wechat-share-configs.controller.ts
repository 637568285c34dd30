import { type ApiDataResponse, type ApiListResponse, WECHAT_MESSAGES, WECHAT_SHARE_RESOURCE, type WechatShareConfigResponse } from '@aipm/contracts';
import { CreateWechatShareConfigDto, UpdateWechatShareConfigDto } from '@aipm/contracts/dto';
import { Body, Controller, Delete, Get, Header, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { idParam } from '../common/errors/id-param';
import { pageOf } from '../common/list/list-page';
import { ListQueryDto } from '../common/list/list-query.dto';
import { toShareConfigResponse } from './wechat-share-config.mapper';
import { WechatShareConfigsService } from './wechat-share-configs.service';

const ShareConfigId = idParam('INVALID_SHARE_CONFIG_ID');

/** The back office's per-page WeChat share settings (administrator only, react-admin simple-rest). */
@ApiTags('admin: wechat share settings')
@Controller(`admin/${WECHAT_SHARE_RESOURCE}`)
export class WechatShareConfigsController {
  constructor(private readonly configs: WechatShareConfigsService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'react-admin list: range, sort (pageUrl, title, createdAt, updatedAt), filter (q, id); Content-Range' })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response): Promise<ApiListResponse<WechatShareConfigResponse>> {
    return pageOf(response, WECHAT_SHARE_RESOURCE, await this.configs.list(query), toShareConfigResponse);
  }

  @Get(':id')
  async find(@Param('id', ShareConfigId) id: string): Promise<ApiDataResponse<WechatShareConfigResponse>> {
    return { success: true, data: toShareConfigResponse(await this.configs.find(id)) };
  }

  @Post()
  @ApiOperation({ summary: 'A page’s share settings; pageUrl is stored without query or fragment and is unique (409)' })
  async create(@Body() dto: CreateWechatShareConfigDto): Promise<ApiDataResponse<WechatShareConfigResponse>> {
    return { success: true, message: WECHAT_MESSAGES.created, data: toShareConfigResponse(await this.configs.create(dto)) };
  }

  @Patch(':id')
  async update(@Param('id', ShareConfigId) id: string, @Body() dto: UpdateWechatShareConfigDto): Promise<ApiDataResponse<WechatShareConfigResponse>> {
    return { success: true, message: WECHAT_MESSAGES.updated, data: toShareConfigResponse(await this.configs.update(id, dto)) };
  }

  @Delete(':id')
  async remove(@Param('id', ShareConfigId) id: string): Promise<ApiDataResponse<WechatShareConfigResponse>> {
    return { success: true, message: WECHAT_MESSAGES.deleted, data: toShareConfigResponse(await this.configs.remove(id)) };
  }
}
