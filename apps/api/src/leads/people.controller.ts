import { LEAD_MESSAGES, type PersonErasedResponse } from '@aipm/contracts';
import { ErasePersonDto } from '@aipm/contracts/dto';
import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiJsonBody } from '../common/openapi/api-answers';
import { ERASE_PERSON_BODY, PERSON_ERASED } from './docs/lead.docs';
import { PeopleService } from './people.service';
import { Audited } from '../audit/audited.decorator';
import { erasureDetails } from './lead-audit';

@ApiTags('leads')
@Controller('admin/people')
export class PeopleController {
  constructor(private readonly people: PeopleService) {}

  @Post('erase')
  @Audited({ action: 'lead.erase', entity: 'person', details: erasureDetails })
  @HttpCode(HttpStatus.OK)
  @ApiJsonBody(ErasePersonDto, ERASE_PERSON_BODY)
  @ApiAnswer(PERSON_ERASED, { description: 'What was erased' })
  @ApiOperation({ summary: 'PIPL: deletes every registration and message of one person (by phone and/or email)' })
  async erase(@Body() dto: ErasePersonDto): Promise<PersonErasedResponse> {
    return { success: true, message: LEAD_MESSAGES.erased, data: await this.people.erase(dto) };
  }
}
