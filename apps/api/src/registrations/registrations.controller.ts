import { type ApiDataResponse, type ApiListResponse, LEAD_MESSAGES, LEAD_RESOURCES, type LeadCreatedResponse, type RegistrationResponse } from '@aipm/contracts';
import { CreateRegistrationDto, UpdateLeadDto } from '@aipm/contracts/dto';
import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiDataAnswer, ApiFailures, ApiFileAnswer, ApiJsonBody, ApiListAnswer } from '../common/openapi/api-answers';
import { REGISTRATION, REGISTRATION_BODY, REGISTRATIONS_CSV_EXAMPLE, LEAD_CREATED, LEAD_UPDATE_BODY } from '../leads/docs/lead.docs';
import type { Request, Response } from 'express';
import { Public } from '../common/decorators/public.decorator';
import { FormRateLimitGuard } from '../leads/form-rate-limit.guard';
import { pageOf } from '../common/list/list-page';
import { sendCsv } from '../common/export/send-csv';
import { LeadIdPipe } from '../leads/lead-http';
import { ListQueryDto } from '../common/list/list-query.dto';
import { visitorContext } from '../leads/visitor-context';
import { toRegistrationResponse } from './registration.mapper';
import { RegistrationsService } from './registrations.service';
import { Audited } from '../audit/audited.decorator';
import { Registration } from '@aipm/database';
import { LEAD_AUDIT_OMIT, leadChangeAction } from '../leads/lead-audit';
import { exportFilter } from '../audit/export-filter';
import { AuditService } from '../audit/audit.service';

/**
 * The public registration call (docs/product/lead-capture.md#registration-call), and the back office's registrations
 * resource (docs/product/back-office.md#registrations-and-messages, administrator only).
 */
@ApiTags('registrations')
@Controller('registrations')
export class RegistrationsController {
  constructor(
    private readonly registrations: RegistrationsService,
    private readonly audit: AuditService,
  ) {}

  @Public()
  @Post()
  @UseGuards(FormRateLimitGuard)
  @ApiJsonBody(CreateRegistrationDto, REGISTRATION_BODY)
  @ApiAnswer(LEAD_CREATED, { status: 201, description: 'Stored (or counted on the lead of the same phone within 24 hours)' })
  @ApiFailures('FORM_RATE_LIMITED')
  @ApiOperation({ summary: 'Public registration form; a repeat within 24 hours is counted on the first lead' })
  async create(@Body() dto: CreateRegistrationDto, @Req() request: Request): Promise<LeadCreatedResponse> {
    const { id } = await this.registrations.register(dto, visitorContext(request));
    return { success: true, message: LEAD_MESSAGES.registrationSucceeded, data: { id } };
  }

  @Get()
  @ApiListAnswer(REGISTRATION, { resource: 'registrations', description: 'One page, newest first unless sorted' })
  @ApiFailures('INVALID_LIST_QUERY', 'LIMIT_TOO_LARGE')
  @ApiOperation({ summary: 'react-admin list: range, sort, filter (q, status, createdAt_gte/lte, id); Content-Range' })
  async list(
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) response: Response
  ): Promise<ApiListResponse<RegistrationResponse>> {
    return pageOf(response, LEAD_RESOURCES.registrations, await this.registrations.list(query), (row) => ({ ...toRegistrationResponse(row.lead), personRecords: row.personRecords }));
  }

  @Get('export')
  @ApiFileAnswer({ mediaType: 'text/csv', example: REGISTRATIONS_CSV_EXAMPLE, description: 'Every matching row, streamed; a transfer cut short means the export failed (see the summary)' })
  @ApiFailures('INVALID_LIST_QUERY', 'DATABASE_UNAVAILABLE')
  @ApiOperation({ summary: 'Every matching registration as CSV (UTF-8 with BOM), streamed. Bad filters: 400; the database unavailable before the first row: 503; a failure after it aborts the transfer (no final chunk), so the download is reported failed, never silently short' })
  async export(@Query() query: ListQueryDto, @Req() request: Request, @Res() response: Response): Promise<void> {
    const csv = await this.registrations.exportCsv(query);
    // Recorded once the export has started and before its first byte leaves (a streamed answer ends the
    // request before an interceptor could write the entry).
    await this.audit.record(request, { action: 'lead.export', entity: 'registration', details: { filter: exportFilter(request) } });
    await sendCsv(response, 'registrations', csv);
  }

  @Get(':id')
  @ApiDataAnswer(REGISTRATION, { description: 'The lead' })
  @ApiFailures('INVALID_LEAD_ID', 'LEAD_NOT_FOUND')
  @ApiOperation({ summary: 'One lead (react-admin getOne)' })
  async find(@Param('id', LeadIdPipe) id: string): Promise<ApiDataResponse<RegistrationResponse>> {
    return { success: true, data: toRegistrationResponse(await this.registrations.find(id)) };
  }

  @Patch(':id')
  @Audited({ action: leadChangeAction, entity: 'registration', row: Registration, omit: LEAD_AUDIT_OMIT })
  @ApiJsonBody(UpdateLeadDto, LEAD_UPDATE_BODY)
  @ApiDataAnswer(REGISTRATION, { description: 'The lead as changed', message: LEAD_MESSAGES.updated })
  @ApiFailures('INVALID_LEAD_ID', 'LEAD_NOT_FOUND')
  @ApiOperation({ summary: 'Follow-up: status, note, followUpAt' })
  async update(@Param('id', LeadIdPipe) id: string, @Body() dto: UpdateLeadDto): Promise<ApiDataResponse<RegistrationResponse>> {
    return { success: true, message: LEAD_MESSAGES.updated, data: toRegistrationResponse(await this.registrations.update(id, dto)) };
  }

  @Delete(':id')
  @Audited({ action: 'lead.delete', entity: 'registration', row: Registration, omit: LEAD_AUDIT_OMIT })
  @ApiDataAnswer(REGISTRATION, { description: 'The lead as it was', message: LEAD_MESSAGES.deleted })
  @ApiFailures('INVALID_LEAD_ID', 'LEAD_NOT_FOUND')
  @ApiOperation({ summary: 'Deletes one lead' })
  async remove(@Param('id', LeadIdPipe) id: string): Promise<ApiDataResponse<RegistrationResponse>> {
    return { success: true, message: LEAD_MESSAGES.deleted, data: toRegistrationResponse(await this.registrations.remove(id)) };
  }
}
