import { type ApiDataResponse, type ApiListResponse, GUARANTEE_RESOURCE, type GuaranteeEntryResponse, type GuaranteeSummaryResponse, type GuaranteeTerms } from '@aipm/contracts';
import { UpdateGuaranteeSettingsDto } from '@aipm/contracts/dto';
import { Body, Controller, Get, Header, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Audited } from '../audit/audited.decorator';
import { pageOf } from '../common/list/list-page';
import { ListQueryDto } from '../common/list/list-query.dto';
import { ApiDataAnswer, ApiFailures, ApiJsonBody, ApiListAnswer } from '../common/openapi/api-answers';
import { GUARANTEE_ENTRY, GUARANTEE_SUMMARY, GUARANTEE_TERMS, UPDATE_GUARANTEE_SETTINGS_BODY } from './docs/guarantee.docs';
import { GuaranteeSettingsService } from './guarantee-settings.service';
import { GuaranteeService } from './guarantee.service';

/** 薪资保障 (docs/product/guarantee.md), administrator only: the ledger, its totals and the default terms. */
@ApiTags('guarantee')
@Controller('admin/guarantee')
export class GuaranteeController {
  constructor(
    private readonly guarantee: GuaranteeService,
    private readonly settings: GuaranteeSettingsService,
  ) {}

  @Get()
  @ApiListAnswer(GUARANTEE_ENTRY, { resource: GUARANTEE_RESOURCE, description: 'One page of the ledger, most owed first' })
  @ApiFailures('INVALID_LIST_QUERY', 'LIMIT_TOO_LARGE')
  @ApiOperation({ summary: 'react-admin list of the guaranteed contracts: range, sort, filter (status, q over the contract number and the student name); computed on every read' })
  // The ledger has no createdAt, the other lists' example sort: its own default order is the example.
  @ApiQuery({ name: 'sort', required: false, description: 'JSON [field, "ASC" | "DESC"]: owed, exposure, windowEnd, contractNumber, studentName or status', example: '["owed","DESC"]' })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response): Promise<ApiListResponse<GuaranteeEntryResponse>> {
    return pageOf(response, GUARANTEE_RESOURCE, await this.guarantee.list(query), (entry) => entry);
  }

  @Get('summary')
  @ApiDataAnswer(GUARANTEE_SUMMARY, { description: "The dashboard's figures" })
  @ApiOperation({ summary: 'Open refund exposure, refunds and bonuses due, per currency; contracts per status' })
  async summary(): Promise<ApiDataResponse<GuaranteeSummaryResponse>> {
    return { success: true, data: await this.guarantee.summary() };
  }

  @Get('settings')
  @Header('Cache-Control', 'no-store')
  @ApiDataAnswer(GUARANTEE_TERMS, { description: 'The default terms' })
  @ApiOperation({ summary: "The default terms of every guaranteed contract (a contract's own values win)" })
  async readSettings(): Promise<ApiDataResponse<GuaranteeTerms>> {
    return { success: true, data: await this.settings.read() };
  }

  @Put('settings')
  @Audited({ action: 'settings.guarantee.change', entity: 'guarantee_settings', snapshot: async ({ moduleRef }) => ({ ...(await moduleRef.get(GuaranteeSettingsService, { strict: false }).read()) }) })
  @ApiJsonBody(UpdateGuaranteeSettingsDto, UPDATE_GUARANTEE_SETTINGS_BODY, 'Any subset of the terms')
  @ApiDataAnswer(GUARANTEE_TERMS, { description: 'The terms as saved' })
  @ApiOperation({ summary: 'Changes the default terms; the ledger follows on its next read' })
  async saveSettings(@Body() dto: UpdateGuaranteeSettingsDto): Promise<ApiDataResponse<GuaranteeTerms>> {
    return { success: true, data: await this.settings.update(dto) };
  }
}
