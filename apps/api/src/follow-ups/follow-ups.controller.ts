import { type ApiDataResponse, type FollowUpResponse, type TodayAgendaResponse } from '@aipm/contracts';
import { CompleteFollowUpDto, CreateFollowUpDto, LeadFollowUpsQueryDto } from '@aipm/contracts/dto';
import { FollowUp } from '@aipm/database';
import { Body, Controller, Get, Header, HttpCode, type MessageEvent, Param, Post, Query, Sse } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Observable } from 'rxjs';
import { Audited } from '../audit/audited.decorator';
import { idParam } from '../common/errors/id-param';
import { ApiDataAnswer, ApiFailures, ApiFileAnswer, ApiJsonBody } from '../common/openapi/api-answers';
import { COMPLETE_FOLLOW_UP_BODY, CREATE_FOLLOW_UP_BODY, FOLLOW_UP, FOLLOW_UP_EVENTS_EXAMPLE, FOLLOW_UP_LIST, TODAY_AGENDA } from './docs/follow-ups.docs';
import { FollowUpRemindersService } from './follow-up-reminders.service';
import { FollowUpsService } from './follow-ups.service';

const FollowUpIdPipe = idParam('INVALID_FOLLOW_UP_ID');

/** Follow-ups and 今日待办 (docs/product/back-office.md#follow-ups), administrator only. */
@ApiTags('admin: follow-ups')
@Controller('admin/follow-ups')
export class FollowUpsController {
  constructor(
    private readonly followUps: FollowUpsService,
    private readonly reminders: FollowUpRemindersService,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiDataAnswer(FOLLOW_UP_LIST, { description: "The lead's follow-ups" })
  @ApiFailures('INVALID_FOLLOW_UP_LEAD')
  @ApiOperation({ summary: "One lead's follow-ups (leadType=registration|message, leadId), latest due first" })
  async forLead(@Query() query: LeadFollowUpsQueryDto): Promise<ApiDataResponse<FollowUpResponse[]>> {
    return { success: true, data: await this.followUps.forLead(query.leadType, query.leadId) };
  }

  @Get('today')
  @Header('Cache-Control', 'no-store')
  @ApiDataAnswer(TODAY_AGENDA, { description: '今日待办' })
  @ApiOperation({ summary: '今日待办: open follow-ups due by the end of today (Asia/Shanghai) or overdue, then new leads nobody has contacted' })
  async today(): Promise<TodayAgendaResponse> {
    return { success: true, data: await this.followUps.today() };
  }

  /** Behind the administrator session like every admin route (the global guard). */
  @Sse('events')
  @ApiOperation({
    summary: 'Follow-ups falling due (server-sent events)',
    description:
      'Each message\'s data is a FollowUpDueEvent as JSON: {type:"due", followUp}, sent when an open follow-up reaches its due time. ' +
      'A "keepalive" event every 15 s; the stream ends when the API stops, and EventSource reconnects.',
  })
  @ApiProduces('text/event-stream')
  @ApiFileAnswer({ mediaType: 'text/event-stream', example: FOLLOW_UP_EVENTS_EXAMPLE, description: 'A stream of FollowUpDueEvent messages that stays open' })
  events(): Observable<MessageEvent> {
    return this.reminders.stream();
  }

  @Post()
  @Audited({ action: 'follow_up.create', entity: 'follow_up', row: FollowUp })
  @ApiJsonBody(CreateFollowUpDto, CREATE_FOLLOW_UP_BODY, 'A due time from now on (a minute of grace); note optional')
  @ApiDataAnswer(FOLLOW_UP, { status: 201, description: 'Created' })
  @ApiFailures('INVALID_FOLLOW_UP_LEAD', 'INVALID_FOLLOW_UP_DUE_AT', 'FOLLOW_UP_DUE_IN_PAST', 'INVALID_FOLLOW_UP_KIND', 'FOLLOW_UP_NOTE_TOO_LONG', 'LEAD_NOT_FOUND')
  @ApiOperation({ summary: 'Schedules a follow-up (电话, 微信 or 面谈) of a registration or a message' })
  async create(@Body() dto: CreateFollowUpDto): Promise<ApiDataResponse<FollowUpResponse>> {
    return { success: true, data: await this.followUps.create(dto) };
  }

  @Post(':id/complete')
  @HttpCode(200)
  @Audited({ action: 'follow_up.complete', entity: 'follow_up', row: FollowUp })
  @ApiJsonBody(CompleteFollowUpDto, COMPLETE_FOLLOW_UP_BODY, 'What came of it')
  @ApiDataAnswer(FOLLOW_UP, { description: 'The follow-up, done' })
  @ApiFailures('INVALID_FOLLOW_UP_ID', 'FOLLOW_UP_NOT_FOUND', 'FOLLOW_UP_ALREADY_DONE', 'FOLLOW_UP_RESULT_REQUIRED', 'FOLLOW_UP_RESULT_TOO_LONG')
  @ApiOperation({ summary: 'Records the result and marks the follow-up done (once)' })
  async complete(@Param('id', FollowUpIdPipe) id: string, @Body() dto: CompleteFollowUpDto): Promise<ApiDataResponse<FollowUpResponse>> {
    return { success: true, data: await this.followUps.complete(id, dto.result) };
  }
}
