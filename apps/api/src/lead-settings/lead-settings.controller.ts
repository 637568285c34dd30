import { type LeadSettingsResponse } from '@aipm/contracts';
import { SaveLeadSettingsDto } from '@aipm/contracts/dto';
import { Body, Controller, Get, Header, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Audited } from '../audit/audited.decorator';
import { ApiDataAnswer, ApiFailures, ApiJsonBody } from '../common/openapi/api-answers';
import { LEAD_SETTINGS, SAVE_LEAD_SETTINGS_BODY } from './docs/lead-settings.docs';
import { LeadSettingsService } from './lead-settings.service';

/** 线索设置 (docs/product/back-office.md#lead-settings), administrator only. */
@ApiTags('admin: lead settings')
@Controller('admin/lead-settings')
export class LeadSettingsController {
  constructor(private readonly settings: LeadSettingsService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiDataAnswer(LEAD_SETTINGS, { description: 'The reasons, the defaults until saved' })
  @ApiOperation({ summary: 'The reasons a lead is marked invalid or lost for (offered ones, then retired ones)' })
  async read(): Promise<LeadSettingsResponse> {
    return { success: true, data: await this.settings.read() };
  }

  @Put()
  @Audited({ action: 'settings.leads.change', entity: 'lead_settings', snapshot: async ({ moduleRef }) => ({ ...(await moduleRef.get(LeadSettingsService, { strict: false }).read()) }) })
  @ApiJsonBody(SaveLeadSettingsDto, SAVE_LEAD_SETTINGS_BODY, 'The reasons offered, in order; a reason left out is retired, never deleted')
  @ApiDataAnswer(LEAD_SETTINGS, { description: 'The settings as saved' })
  @ApiFailures('INVALID_LEAD_STATUS_REASONS', 'LEAD_STATUS_REASONS_EMPTY', 'TOO_MANY_LEAD_STATUS_REASONS', 'INVALID_LEAD_STATUS_REASON_CODE', 'LEAD_STATUS_REASON_LABEL_INVALID', 'DUPLICATE_LEAD_STATUS_REASON')
  @ApiOperation({ summary: 'Saves the reasons list (1–30 reasons, unique codes, zh and en labels up to 40 characters)' })
  async save(@Body() dto: SaveLeadSettingsDto): Promise<LeadSettingsResponse> {
    return { success: true, data: await this.settings.save(dto) };
  }
}
