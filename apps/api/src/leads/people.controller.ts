import { LEAD_MESSAGES, type PersonErasedResponse, type RevealPhoneResponse } from '@aipm/contracts';
import { ErasePersonDto, ExportPersonDto, RevealPhoneDto } from '@aipm/contracts/dto';
import { Body, Controller, HttpCode, HttpStatus, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiAnswer, ApiDataAnswer, ApiFailures, ApiJsonBody } from '../common/openapi/api-answers';
import { ERASE_PERSON_BODY, EXPORT_PERSON_BODY, PERSON_ERASED, PERSON_EXPORT, PHONE_REVEALED, REVEAL_PHONE_BODY } from './docs/lead.docs';
import { PeopleService } from './people.service';

/** PIPL duties on one person (issue 17): erase, a copy of their data, and a masked phone shown in full. */
@ApiTags('leads')
@Controller('admin/people')
export class PeopleController {
  constructor(private readonly people: PeopleService) {}

  @Post('erase')
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
  async export(@Body() dto: ExportPersonDto, @Res() response: Response): Promise<void> {
    const data = await this.people.export(dto);
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
  async revealPhone(@Body() dto: RevealPhoneDto): Promise<RevealPhoneResponse> {
    return { success: true, data: { phone: await this.people.revealPhone(dto.resource, dto.id) } };
  }
}
