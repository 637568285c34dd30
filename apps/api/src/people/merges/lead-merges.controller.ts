import { type DuplicatesResponse, LEAD_MESSAGES, type LeadMergeResponse, type LeadMergeSummary } from '@aipm/contracts';
import { LeadMergeDto } from '@aipm/contracts/dto';
import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiDataAnswer, ApiFailures, ApiJsonBody } from '../../common/openapi/api-answers';
import { listOf } from '../../common/openapi/schemas';
import { Audited, type AuditedRouteContext } from '../../audit/audited.decorator';
import { LeadIdPipe } from '../../leads/lead-http';
import { DUPLICATE_GROUP, LEAD_MERGE_BODY, LEAD_MERGE_BODY_DESCRIPTION, LEAD_MERGED } from './lead-merge.docs';
import { LeadMergesService } from './lead-merges.service';

/** The merge the answer names: the audit entry's id and facts (which leads, never their contents). */
const mergeOf = ({ answer }: AuditedRouteContext): LeadMergeSummary | null => (answer as LeadMergeResponse | undefined)?.data ?? null;
const mergeDetails = (context: AuditedRouteContext) => {
  const merge = mergeOf(context);
  if (!merge) return null;
  const fields = (context.request.body as { fields?: unknown } | undefined)?.fields;
  return { survivor: merge.survivor, merged: merge.merged, ...(Array.isArray(fields) ? { fields: fields as string[] } : {}) };
};

/** Duplicates merged, reversibly (docs/product/back-office.md#duplicates, ADR 072). */
@ApiTags('leads')
@Controller('admin/people')
export class LeadMergesController {
  constructor(private readonly merges: LeadMergesService) {}

  @Get('duplicates')
  @ApiDataAnswer(listOf(DUPLICATE_GROUP), { description: 'Groups of likely duplicates, newest first (at most 50); phones masked' })
  @ApiOperation({ summary: 'Leads that are likely one person: the same normalised phone, the same email, or the same name and school' })
  async duplicates(): Promise<DuplicatesResponse> {
    return { success: true, data: await this.merges.duplicates() };
  }

  @Post('merges')
  @Audited({ action: 'lead.merge', entity: 'person', entityId: (context) => mergeOf(context)?.id ?? null, details: mergeDetails })
  @HttpCode(HttpStatus.CREATED)
  @ApiJsonBody(LeadMergeDto, LEAD_MERGE_BODY, LEAD_MERGE_BODY_DESCRIPTION)
  @ApiAnswer(LEAD_MERGED, { status: 201, description: 'The merge; both leads are kept, the merged one leaves the lists' })
  @ApiFailures('INVALID_LEAD_MERGE', 'LEAD_MERGE_SELF', 'LEAD_MERGE_FIELD_NOT_SHARED', 'LEAD_NOT_FOUND', 'LEAD_ALREADY_MERGED', 'LEAD_HAS_MERGED_RECORDS')
  @ApiOperation({ summary: 'Merges one lead into another, side by side: both rows and their histories are kept; the survivor takes the chosen fields and the earliest first touch' })
  async merge(@Body() dto: LeadMergeDto): Promise<LeadMergeResponse> {
    return { success: true, message: LEAD_MESSAGES.merged, data: await this.merges.merge(dto) };
  }

  @Post('merges/:id/undo')
  @Audited({ action: 'lead.merge.undo', entity: 'person', entityId: (context) => mergeOf(context)?.id ?? null, details: mergeDetails })
  @HttpCode(HttpStatus.OK)
  @ApiAnswer(LEAD_MERGED, { description: 'The merge, undone: both leads exactly as before it' })
  @ApiFailures('INVALID_LEAD_ID', 'LEAD_MERGE_NOT_FOUND', 'LEAD_MERGE_ALREADY_UNDONE', 'LEAD_MERGE_STALE')
  @ApiOperation({ summary: 'Undoes a merge: both leads written back exactly as they were, refused when either changed since' })
  async undo(@Param('id', LeadIdPipe) id: string): Promise<LeadMergeResponse> {
    return { success: true, message: LEAD_MESSAGES.mergeUndone, data: await this.merges.undo(id) };
  }
}
