import { type ApiDataResponse, type ApiListResponse, LEAD_MESSAGES, LEAD_RESOURCES, type LeadCreatedResponse, type RegistrationResponse } from '@aipm/contracts';
import { CreateRegistrationDto, UpdateLeadDto } from '@aipm/contracts/dto';
import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/decorators/public.decorator';
import { FormRateLimitGuard } from '../leads/form-rate-limit.guard';
import { pageOf } from '../common/list/list-page';
import { LeadIdPipe, sendCsv } from '../leads/lead-http';
import { ListQueryDto } from '../common/list/list-query.dto';
import { visitorContext } from '../leads/visitor-context';
import { toRegistrationResponse } from './registration.mapper';
import { RegistrationsService } from './registrations.service';

/** Spec §7: the public registration call, and the back office's registrations resource (administrator only). */
@ApiTags('registrations')
@Controller('registrations')
export class RegistrationsController {
  constructor(private readonly registrations: RegistrationsService) {}

  @Public()
  @Post()
  @UseGuards(FormRateLimitGuard)
  @ApiOperation({ summary: 'Public registration form; a repeat within 24 hours is counted on the first lead' })
  async create(@Body() dto: CreateRegistrationDto, @Req() request: Request): Promise<LeadCreatedResponse> {
    const { id } = await this.registrations.register(dto, visitorContext(request));
    return { success: true, message: LEAD_MESSAGES.registrationSucceeded, data: { id } };
  }

  @Get()
  @ApiOperation({ summary: 'react-admin list: range, sort, filter (q, status, createdAt_gte/lte, id); Content-Range' })
  async list(
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) response: Response
  ): Promise<ApiListResponse<RegistrationResponse>> {
    return pageOf(response, LEAD_RESOURCES.registrations, await this.registrations.list(query), toRegistrationResponse);
  }

  @Get('export')
  @ApiOperation({ summary: 'Every matching registration as CSV (UTF-8 with BOM), streamed' })
  async export(@Query() query: ListQueryDto, @Res() response: Response): Promise<void> {
    await sendCsv(response, 'registrations', await this.registrations.exportCsv(query));
  }

  @Get(':id')
  async find(@Param('id', LeadIdPipe) id: string): Promise<ApiDataResponse<RegistrationResponse>> {
    return { success: true, data: toRegistrationResponse(await this.registrations.find(id)) };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Follow-up: status, note, followUpAt' })
  async update(@Param('id', LeadIdPipe) id: string, @Body() dto: UpdateLeadDto): Promise<ApiDataResponse<RegistrationResponse>> {
    return { success: true, message: LEAD_MESSAGES.updated, data: toRegistrationResponse(await this.registrations.update(id, dto)) };
  }

  @Delete(':id')
  async remove(@Param('id', LeadIdPipe) id: string): Promise<ApiDataResponse<RegistrationResponse>> {
    return { success: true, message: LEAD_MESSAGES.deleted, data: toRegistrationResponse(await this.registrations.remove(id)) };
  }
}
