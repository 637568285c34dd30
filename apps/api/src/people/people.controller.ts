import { LEAD_MESSAGES, type PersonErasedResponse, type PersonTimelineResponse, type RevealPhoneResponse } from '@aipm/contracts';
import { ErasePersonDto, ExportPersonDto, RevealPhoneDto } from '@aipm/contracts/dto';
import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiAnswer, ApiDataAnswer, ApiFailures, ApiJsonBody } from '../common/openapi/api-answers';
import { ERASE_PERSON_BODY, EXPORT_PERSON_BODY, PERSON_ERASED, PERSON_EXPORT, PERSON_TIMELINE, PHONE_REVEALED, REVEAL_PHONE_BODY } from '../leads/docs/lead.docs';
import { PeopleService } from './people.service';
import { PersonTimelineService } from './timeline/person-timeline.service';
import { LeadIdPipe } from '../leads/lead-http';
import { AuditService } from '../audit/audit.service';
import { Audited } from '../audit/audited.decorator';
import { erasureDetails, PERSON_RECORD_ENTITY, personIdentity } from '../leads/lead-audit';

/**
 * One person across their records: the person page (docs/product/back-office.md#person-page), and the PIPL duties
 * (docs/product/back-office.md#personal-data): erase, a copy of their data, and a masked phone shown in full.
 */
@ApiTags('leads')
@Controller('admin/people')
export class PeopleController {
  constructor(
    private readonly people: PeopleService,
    private readonly audit: AuditService,
    private readonly timelines: PersonTimelineService,
  ) {}

  @Get(':resource/:id/timeline')
  @ApiDataAnswer(PERSON_TIMELINE, { description: 'The person and their timeline, newest first; phones masked' })
  @ApiFailures('INVALID_LEAD_ID', 'LEAD_NOT_FOUND')
  @ApiOperation({ summary: 'The person page: everything known about the person one registration, message or student names (by normalised phone and email), on one timeline' })
  async timeline(@Param('resource') resource: string, @Param('id', LeadIdPipe) id: string): Promise<PersonTimelineResponse> {
    return { success: true, data: await this.timelines.timeline(resource, id) };
  }

  @Post('erase')
  @Audited({ action: 'lead.erase', entity: 'person', details: erasureDetails })
  @HttpCode(HttpStatus.OK)
  @ApiJsonBody(ErasePersonDto, ERASE_PERSON_BODY)
  @ApiAnswer(PERSON_ERASED, { description: 'What was erased' })
  @ApiFailures('LEAD_NOT_FOUND')
  @ApiOperation({ summary: 'PIPL: deletes every registration, message and student record of one person (by phone and/or email, or by one of their records)' })
  async erase(@Body() dto: ErasePersonDto): Promise<PersonErasedResponse> {
    return { success: true, message: LEAD_MESSAGES.erased, data: await this.people.erase(dto) };
  }

  @Post('export')
  @HttpCode(HttpStatus.OK)
  @ApiJsonBody(ExportPersonDto, EXPORT_PERSON_BODY)
  @ApiDataAnswer(PERSON_EXPORT, { description: 'A JSON download (Content-Disposition: attachment)' })
  @ApiFailures('LEAD_NOT_FOUND', 'STORAGE_UNAVAILABLE')
  @ApiOperation({ summary: 'PIPL: every registration, message, consent, new-lead call and student record of one person, as one JSON file' })
  async export(@Body() dto: ExportPersonDto, @Req() request: Request, @Res() response: Response): Promise<void> {
    const data = await this.people.export(dto);
    // Recorded before the file leaves: a copy of someone's data that the log does not know of must not exist.
    const records = {
      registrations: data.registrations.length,
      messages: data.messages.length,
      consents: data.consents.length,
      notifications: data.notifications.length,
      students: data.students.length,
    };
    await this.audit.record(request, { action: 'person.export', entity: 'person', details: { ...personIdentity(dto), records } });
    const day = data.exportedAt.slice(0, 10).replace(/-/g, '');
    response.setHeader('Content-Disposition', `attachment; filename="person-${day}.json"`);
    response.setHeader('Cache-Control', 'no-store');
    response.status(200).json({ success: true, data });
  }

  @Post('reveal-phone')
  @HttpCode(HttpStatus.OK)
  @ApiJsonBody(RevealPhoneDto, REVEAL_PHONE_BODY)
  @ApiAnswer(PHONE_REVEALED, { description: 'The phone as it was typed' })
  @ApiFailures('LEAD_NOT_FOUND')
  @ApiOperation({ summary: 'The full phone of one registration, message or student (lists show it masked); an audited action' })
  async revealPhone(@Body() dto: RevealPhoneDto, @Req() request: Request): Promise<RevealPhoneResponse> {
    const phone = await this.people.revealPhone(dto.resource, dto.id);
    await this.audit.record(request, { action: 'phone.reveal', entity: PERSON_RECORD_ENTITY[dto.resource], entityId: dto.id });
    return { success: true, data: { phone } };
  }
}
