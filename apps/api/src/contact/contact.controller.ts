import { type ApiDataResponse, type ApiListResponse, type ContactMessageResponse, LEAD_MESSAGES, LEAD_RESOURCES, type LeadCreatedResponse } from '@aipm/contracts';
import { CreateContactMessageDto, UpdateLeadDto } from '@aipm/contracts/dto';
import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/decorators/public.decorator';
import { FormRateLimitGuard } from '../leads/form-rate-limit.guard';
import { pageOf } from '../common/list/list-page';
import { LeadIdPipe, sendCsv } from '../leads/lead-http';
import { ListQueryDto } from '../common/list/list-query.dto';
import { visitorContext } from '../leads/visitor-context';
import { toContactMessageResponse } from './contact-message.mapper';
import { ContactService } from './contact.service';

/** Spec §7: the public contact call, and the back office's consultation messages (administrator only). */
@ApiTags('contact')
@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Public()
  @Post()
  @UseGuards(FormRateLimitGuard)
  @ApiOperation({ summary: 'Public contact form' })
  async create(@Body() dto: CreateContactMessageDto, @Req() request: Request): Promise<LeadCreatedResponse> {
    const { id } = await this.contact.submit(dto, visitorContext(request));
    return { success: true, message: LEAD_MESSAGES.contactSucceeded, data: { id } };
  }

  @Get()
  @ApiOperation({ summary: 'react-admin list: range, sort, filter (q, status, subject, createdAt_gte/lte, id); Content-Range' })
  async list(
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) response: Response
  ): Promise<ApiListResponse<ContactMessageResponse>> {
    return pageOf(response, LEAD_RESOURCES.contact, await this.contact.list(query), toContactMessageResponse);
  }

  @Get('export')
  @ApiOperation({ summary: 'Every matching message as CSV (UTF-8 with BOM), streamed' })
  async export(@Query() query: ListQueryDto, @Res() response: Response): Promise<void> {
    await sendCsv(response, 'contact-messages', await this.contact.exportCsv(query));
  }

  @Get(':id')
  async find(@Param('id', LeadIdPipe) id: string): Promise<ApiDataResponse<ContactMessageResponse>> {
    return { success: true, data: toContactMessageResponse(await this.contact.find(id)) };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Follow-up: status, note, followUpAt' })
  async update(@Param('id', LeadIdPipe) id: string, @Body() dto: UpdateLeadDto): Promise<ApiDataResponse<ContactMessageResponse>> {
    return { success: true, message: LEAD_MESSAGES.updated, data: toContactMessageResponse(await this.contact.update(id, dto)) };
  }

  @Delete(':id')
  async remove(@Param('id', LeadIdPipe) id: string): Promise<ApiDataResponse<ContactMessageResponse>> {
    return { success: true, message: LEAD_MESSAGES.deleted, data: toContactMessageResponse(await this.contact.remove(id)) };
  }
}
