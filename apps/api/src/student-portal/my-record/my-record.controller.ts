import type { MyRecordResponse } from '@aipm/contracts';
import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AuditService } from '../../audit/audit.service';
import { idParam } from '../../common/errors/id-param';
import { ApiAnswer, ApiFailures } from '../../common/openapi/api-answers';
import { studentOf } from '../../common/student-session';
import { FileViews } from '../../uploads/file-views';
import { MY_RECORD } from './my-record.docs';
import { MyRecordService } from './my-record.service';

const FileIdPipe = idParam('INVALID_FILE_ID');

/**
 * The signed-in student's own records (docs/product/student-portal.md#what-the-student-sees, ADR 067). The student
 * session guard lets only a student in; every read takes the student id from that session, never from the client,
 * so another student's id is not found (404).
 */
@ApiTags('student')
@Controller('student')
export class MyRecordController {
  constructor(
    private readonly records: MyRecordService,
    private readonly views: FileViews,
    private readonly audit: AuditService,
  ) {}

  @Get('me')
  @ApiAnswer(MY_RECORD, { description: 'The student\'s cohort and calendar, attendance, contracts with files, payments with total and balance, tool accounts, guarantee' })
  @ApiOperation({ summary: 'Everything the student sees of their own records, read by the session\'s student id' })
  async me(@Req() request: Request): Promise<MyRecordResponse> {
    return { success: true, data: await this.records.record(studentOf(request)!.studentId) };
  }

  @Get('files/:id')
  @ApiResponse({ status: 302, description: 'Location: a signed URL of the file, valid for 60 seconds', headers: { Location: { schema: { type: 'string', example: '/storage/aipm/contracts/1c2d3e4f-5061-4728-93a4-b5c6d7e8f9a0.pdf?X-Amz-Signature=…' } } } })
  @ApiFailures('INVALID_FILE_ID', 'STUDENT_FILE_NOT_FOUND', 'FILE_NOT_FOUND', 'STORAGE_UNAVAILABLE')
  @ApiOperation({ summary: 'Redirects (302) to a 60-second signed URL of one of the student\'s own contract files (404 for any other)' })
  async file(@Param('id', FileIdPipe) id: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const key = await this.records.contractFileKey(studentOf(request)!.studentId, id);
    await this.views.assertViewable(key);
    // Before the redirect leaves, with the student as the actor (the request's session says so).
    await this.audit.record(request, { action: 'file.view', entity: 'file', entityId: key, details: { studentFileId: id } });
    response.setHeader('Cache-Control', 'no-store');
    response.redirect(302, await this.views.signedLink(key));
  }
}
