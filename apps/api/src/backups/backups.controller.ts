import { type ApiDataResponse, BACKUP_MESSAGES, type BackupStatusResponse } from '@aipm/contracts';
import { Controller, Get, Header, HttpCode, type MessageEvent, Post, Req, Sse } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { Audited } from '../audit/audited.decorator';
import { ApiAnswer, ApiDataAnswer, ApiFailures, ApiFileAnswer } from '../common/openapi/api-answers';
import { constant, object, text } from '../common/openapi/schemas';
import type { SessionUser } from '../common/session';
import { BackupEventsService } from './backup-events.service';
import { BackupsService } from './backups.service';
import { BACKUP_EVENTS_EXAMPLE, BACKUP_STATUS } from './docs/backups.docs';

/** 数据备份 (docs/product/backups.md#in-the-back-office): behind the administrator session like every admin route. */
@ApiTags('admin: backups')
@Controller('admin/backups')
export class BackupsController {
  constructor(
    private readonly backups: BackupsService,
    private readonly events: BackupEventsService,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiDataAnswer(BACKUP_STATUS, { description: 'The newest runs, the last good one, whether it is too old, whether one is under way, and the schedule' })
  @ApiOperation({ summary: 'The backups the worker and npm run backup made' })
  async status(): Promise<ApiDataResponse<BackupStatusResponse>> {
    return { success: true, data: await this.backups.status() };
  }

  @Post()
  @HttpCode(202)
  @Audited({ action: 'backup.start', entity: 'backup' })
  @ApiAnswer(object({ success: constant(true), message: text(BACKUP_MESSAGES.started) }), { status: 202, description: 'Queued for a worker; its end arrives on the event stream' })
  @ApiFailures('BACKUP_ALREADY_RUNNING')
  @ApiOperation({ summary: '立即备份: a backup now, unless one is waiting or under way (BACKUP_ALREADY_RUNNING)' })
  async start(@Req() request: Request): Promise<{ success: true; message: string }> {
    await this.backups.start((request.user as SessionUser).id);
    return { success: true, message: BACKUP_MESSAGES.started };
  }

  @Sse('events')
  @ApiOperation({
    summary: 'Backups starting and ending (server-sent events)',
    description: 'Each message\'s data is a BackupLiveEvent as JSON: {type:"started"} or {type:"finished", status}. A "keepalive" event every 15 s.',
  })
  @ApiProduces('text/event-stream')
  @ApiFileAnswer({ mediaType: 'text/event-stream', example: BACKUP_EVENTS_EXAMPLE, description: 'A stream of BackupLiveEvent messages that stays open' })
  stream(): Observable<MessageEvent> {
    return this.events.stream();
  }
}
