import type { ApiDataResponse, LeadImportBatchResponse, LeadImportPlanResponse, LeadImportPreviewResponse } from '@aipm/contracts';
import { LeadImportBatch } from '@aipm/database';
import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { actorOf } from '../audit/audit.service';
import { Audited, type AuditedRouteContext } from '../audit/audited.decorator';
import { idParam } from '../common/errors/id-param';
import { ApiDataAnswer, ApiFailures } from '../common/openapi/api-answers';
import { listOf } from '../common/openapi/schemas';
import { LEAD_IMPORT_BATCH, LEAD_IMPORT_PLAN, LEAD_IMPORT_PREVIEW } from './docs/lead-imports.docs';
import { IMPORT_MAPPING_FIELD, LeadImportFileInterceptor } from './lead-import-file.interceptor';
import { type ImportFile, LeadImportsService } from './lead-imports.service';

const LeadImportIdPipe = idParam('INVALID_LEAD_IMPORT_ID');

const FILE_FAILURES = ['LEAD_IMPORT_FILE_REQUIRED', 'LEAD_IMPORT_FILE_TOO_LARGE', 'LEAD_IMPORT_FILE_TYPE', 'LEAD_IMPORT_FILE_UNREADABLE', 'LEAD_IMPORT_EMPTY', 'LEAD_IMPORT_TOO_MANY_ROWS'] as const;
const MAPPING_FAILURES = ['LEAD_IMPORT_MAPPING_INVALID', 'LEAD_IMPORT_MAPPING_WITHOUT_PHONE'] as const;

/** The counts of a batch, for the audit entry (the rows themselves are personal data and stay out of it). */
function batchCounts({ answer }: AuditedRouteContext): Record<string, number> | null {
  const data = (answer as ApiDataResponse<LeadImportBatchResponse> | undefined)?.data;
  return data ? { rowCount: data.rowCount, created: data.created, merged: data.merged, skipped: data.skipped } : null;
}

/** 导入 on the registrations list (docs/product/back-office.md#lead-import, ADR 075), administrator only. */
@ApiTags('admin: lead imports')
@Controller('admin/lead-imports')
export class LeadImportsController {
  constructor(private readonly imports: LeadImportsService) {}

  @Post('preview')
  @HttpCode(HttpStatus.OK)
  @UseInterceptors(LeadImportFileInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiDataAnswer(LEAD_IMPORT_PREVIEW, { description: 'Headers, the suggested mapping and the first rows' })
  @ApiFailures(...FILE_FAILURES)
  @ApiOperation({ summary: 'Reads an import file (multipart: a `file` part, ≤ 10 MB, ≤ 50,000 rows): CSV (UTF-8, UTF-16 with BOM or GBK) or XLSX by content, its headers, a suggested mapping and the first 10 rows' })
  async preview(@UploadedFile() file: ImportFile | undefined): Promise<ApiDataResponse<LeadImportPreviewResponse>> {
    return { success: true, data: await this.imports.preview(file) };
  }

  @Post('dry-run')
  @HttpCode(HttpStatus.OK)
  @UseInterceptors(LeadImportFileInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiDataAnswer(LEAD_IMPORT_PLAN, { description: 'What the import would create, merge and skip now; nothing is written' })
  @ApiFailures(...FILE_FAILURES, ...MAPPING_FAILURES)
  @ApiOperation({ summary: 'Dry run (multipart: `file` and `mapping`, JSON of field → header, phone required): the exact counts of rows to be created, merged into an existing lead of the same phone, and skipped (with the reason per row)' })
  async dryRun(@UploadedFile() file: ImportFile | undefined, @Body(IMPORT_MAPPING_FIELD) mapping: unknown): Promise<ApiDataResponse<LeadImportPlanResponse>> {
    return { success: true, data: await this.imports.dryRun(file, mapping) };
  }

  @Post()
  @UseInterceptors(LeadImportFileInterceptor)
  @Audited({ action: 'lead.import', entity: 'lead_import', row: LeadImportBatch, details: batchCounts })
  @ApiConsumes('multipart/form-data')
  @ApiDataAnswer(LEAD_IMPORT_BATCH, { status: 201, description: 'The batch, imported in one transaction' })
  @ApiFailures(...FILE_FAILURES, ...MAPPING_FAILURES)
  @ApiOperation({ summary: 'Imports the file (multipart: `file` and `mapping`, as the dry run) as one batch (one transaction, nothing half-imported); imported leads ring no new-lead call' })
  async import(@UploadedFile() file: ImportFile | undefined, @Body(IMPORT_MAPPING_FIELD) mapping: unknown, @Req() request: Request): Promise<ApiDataResponse<LeadImportBatchResponse>> {
    return { success: true, data: await this.imports.import(file, mapping, actorOf(request)?.email ?? null) };
  }

  @Get()
  @ApiDataAnswer(listOf(LEAD_IMPORT_BATCH), { description: 'The last 100 imports, newest first' })
  @ApiOperation({ summary: 'The history of imports: counts, who, when, undone or not' })
  async list(): Promise<ApiDataResponse<LeadImportBatchResponse[]>> {
    return { success: true, data: await this.imports.list() };
  }

  @Get(':id')
  @ApiDataAnswer(LEAD_IMPORT_BATCH, { description: 'One import' })
  @ApiFailures('INVALID_LEAD_IMPORT_ID', 'LEAD_IMPORT_NOT_FOUND')
  @ApiOperation({ summary: 'One import batch' })
  async find(@Param('id', LeadImportIdPipe) id: string): Promise<ApiDataResponse<LeadImportBatchResponse>> {
    return { success: true, data: await this.imports.find(id) };
  }

  @Post(':id/undo')
  @HttpCode(HttpStatus.OK)
  @Audited({ action: 'lead.import.undo', entity: 'lead_import', row: LeadImportBatch, details: batchCounts })
  @ApiDataAnswer(LEAD_IMPORT_BATCH, { description: 'The batch, undone: created leads deleted, merged ones as they were' })
  @ApiFailures('INVALID_LEAD_IMPORT_ID', 'LEAD_IMPORT_NOT_FOUND', 'LEAD_IMPORT_ALREADY_UNDONE', 'LEAD_IMPORT_CHANGED_SINCE')
  @ApiOperation({ summary: 'Undoes an import in one transaction; refused once any of its leads changed since' })
  async undo(@Param('id', LeadImportIdPipe) id: string, @Req() request: Request): Promise<ApiDataResponse<LeadImportBatchResponse>> {
    return { success: true, data: await this.imports.undo(id, actorOf(request)?.email ?? null) };
  }
}
