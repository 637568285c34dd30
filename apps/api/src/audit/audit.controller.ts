import { type ApiDataResponse, type ApiListResponse, AUDIT_RESOURCE, type AuditActorOption, type AuditEntryResponse } from '@aipm/contracts';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { idParam } from '../common/errors/id-param';
import { pageOf } from '../common/list/list-page';
import { ListQueryDto } from '../common/list/list-query.dto';
import { ApiDataAnswer, ApiFailures, ApiFileAnswer, ApiListAnswer } from '../common/openapi/api-answers';
import { sendCsv } from '../common/export/send-csv';
import { toAuditEntryResponse } from './audit-entry.mapper';
import { AuditService } from './audit.service';
import { exportFilter } from './export-filter';
import { AUDIT_ACTORS, AUDIT_CSV_EXAMPLE, AUDIT_ENTRY } from './docs/audit.docs';

/** The audit log, read-only (ADR 030): no route changes or removes an entry. */
@ApiTags('audit log')
@Controller(`admin/${AUDIT_RESOURCE}`)
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiListAnswer(AUDIT_ENTRY, { resource: AUDIT_RESOURCE, description: 'One page, newest first' })
  @ApiFailures('INVALID_LIST_QUERY', 'LIMIT_TOO_LARGE')
  @ApiOperation({ summary: 'react-admin list: range, filter (q: actor name, entity id or address; action, entity, actorId, createdAt_gte/lte); Content-Range' })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response): Promise<ApiListResponse<AuditEntryResponse>> {
    return pageOf(response, AUDIT_RESOURCE, await this.audit.list(query), toAuditEntryResponse);
  }

  @Get('export')
  @ApiFileAnswer({ mediaType: 'text/csv', example: AUDIT_CSV_EXAMPLE, description: 'Every matching entry, streamed (UTF-8 with BOM), actions and entities as labels' })
  @ApiFailures('INVALID_LIST_QUERY', 'DATABASE_UNAVAILABLE')
  @ApiOperation({ summary: 'Every matching entry as CSV; the export itself is recorded' })
  async export(@Query() query: ListQueryDto, @Req() request: Request, @Res() response: Response): Promise<void> {
    const csv = await this.audit.exportCsv(query);
    // Before the first byte: a streamed answer ends the request before an interceptor could record it.
    await this.audit.record(request, { action: 'audit.export', entity: 'audit_log', details: { filter: exportFilter(request) } });
    await sendCsv(response, 'audit-log', csv);
  }

  @Get('actors')
  @ApiDataAnswer(AUDIT_ACTORS, { description: 'The administrators, by sign-in name' })
  @ApiOperation({ summary: 'The choices of the list’s actor filter (filter actorId)' })
  async actors(): Promise<ApiDataResponse<AuditActorOption[]>> {
    return { success: true, data: await this.audit.actors() };
  }

  @Get(':id')
  @ApiDataAnswer(AUDIT_ENTRY, { description: 'One entry with its before and after' })
  @ApiFailures('INVALID_AUDIT_ID', 'AUDIT_ENTRY_NOT_FOUND')
  @ApiOperation({ summary: 'One entry (react-admin getOne)' })
  async find(@Param('id', idParam('INVALID_AUDIT_ID')) id: string): Promise<ApiDataResponse<AuditEntryResponse>> {
    return { success: true, data: toAuditEntryResponse(await this.audit.find(id)) };
  }
}
