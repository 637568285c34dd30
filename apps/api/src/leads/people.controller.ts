import { LEAD_MESSAGES, type PersonErasedResponse } from '@aipm/contracts';
import { ErasePersonDto } from '@aipm/contracts/dto';
import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PeopleService } from './people.service';

@ApiTags('leads')
@Controller('admin/people')
export class PeopleController {
  constructor(private readonly people: PeopleService) {}

  @Post('erase')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'PIPL: deletes every registration and message of one person (by phone and/or email)' })
  async erase(@Body() dto: ErasePersonDto): Promise<PersonErasedResponse> {
    return { success: true, message: LEAD_MESSAGES.erased, data: await this.people.erase(dto) };
  }
}
