import { type ApiDataResponse, type ApiListResponse, STUDENT_MESSAGES, STUDENT_RESOURCES, type StudentExport, type StudentResponse } from '@aipm/contracts';
import { CreateStudentDto, UpdateStudentDto } from '@aipm/contracts/dto';
import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import { ApiDataAnswer, ApiFailures, ApiJsonBody, ApiListAnswer } from '../common/openapi/api-answers';
import { CREATE_STUDENT_BODY, STUDENT, STUDENT_EXPORT, UPDATE_STUDENT_BODY } from './docs/students.docs';
import type { Request, Response } from 'express';
import { idParam } from '../common/errors/id-param';
import { pageOf } from '../common/list/list-page';
import { ListQueryDto } from '../common/list/list-query.dto';
import { toStudentResponse } from './student.mapper';
import { StudentsService, type StudentWithTotals } from './students.service';
import { Audited } from '../audit/audited.decorator';
import { AuditService } from '../audit/audit.service';
import { Student } from '@aipm/database';
import { STUDENT_AUDIT_OMIT } from './student-audit';

export const StudentIdPipe = idParam('INVALID_STUDENT_ID');

const toResponse = ({ student, paidTotals, pendingTotals, enrolledFrom, attendance, graduation }: StudentWithTotals): StudentResponse => ({
  ...toStudentResponse(student, paidTotals),
  ...(pendingTotals !== undefined && { pendingTotals }),
  ...(enrolledFrom !== undefined && { enrolledFrom }),
  ...(attendance !== undefined && { attendance }),
  ...(graduation !== undefined && { graduation }),
});

/**
 * The students list and add calls (docs/product/students.md#add-or-edit-a-student), plus what the screens need
 * (show, update, delete, PIPL export), administrator only.
 */
@ApiTags('students')
@Controller('admin/students')
export class StudentsController {
  constructor(
    private readonly students: StudentsService,
    private readonly audit: AuditService,
  ) {}

  @Get()
  @ApiListAnswer(STUDENT, { resource: 'students', description: 'One page' })
  @ApiFailures('INVALID_LIST_QUERY', 'LIMIT_TOO_LARGE')
  @ApiOperation({ summary: 'react-admin list: range, sort, filter (q, status, id); each with its paid total; Content-Range' })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response): Promise<ApiListResponse<StudentResponse>> {
    return pageOf(response, STUDENT_RESOURCES.students, await this.students.list(query), toResponse);
  }

  @Post()
  @Audited({ action: 'student.create', entity: 'student', row: Student, omit: STUDENT_AUDIT_OMIT })
  @ApiJsonBody(CreateStudentDto, CREATE_STUDENT_BODY)
  @ApiDataAnswer(STUDENT, { status: 201, description: 'Created', message: STUDENT_MESSAGES.studentAdded })
  @ApiFailures('FILE_NOT_UPLOADED', 'STORAGE_UNAVAILABLE')
  async create(@Body() dto: CreateStudentDto): Promise<ApiDataResponse<StudentResponse>> {
    return { success: true, message: STUDENT_MESSAGES.studentAdded, data: toStudentResponse(await this.students.create(dto)) };
  }

  @Get(':id/export')
  @ApiDataAnswer(STUDENT_EXPORT, { description: 'A JSON download (Content-Disposition: attachment)' })
  @ApiFailures('INVALID_STUDENT_ID', 'STUDENT_NOT_FOUND', 'STORAGE_UNAVAILABLE')
  @ApiOperation({ summary: 'PIPL: the record, contracts, payments, accounts (no passwords) and the file list, as a JSON download' })
  async export(@Param('id', StudentIdPipe) id: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const data: StudentExport = await this.students.export(id);
    // Before the download is sent: a streamed answer ends the request before an interceptor could record it.
    await this.audit.record(request, { action: 'student.export', entity: 'student', entityId: id });
    const day = data.exportedAt.slice(0, 10).replace(/-/g, '');
    response.setHeader('Content-Disposition', `attachment; filename="student-${id}-${day}.json"`);
    response.setHeader('Cache-Control', 'no-store');
    response.status(200).json({ success: true, data });
  }

  @Get(':id')
  @ApiDataAnswer(STUDENT, { description: 'The record' })
  @ApiFailures('INVALID_STUDENT_ID', 'STUDENT_NOT_FOUND')
  @ApiOperation({ summary: 'One record (react-admin getOne)' })
  async find(@Param('id', StudentIdPipe) id: string): Promise<ApiDataResponse<StudentResponse>> {
    return { success: true, data: toResponse(await this.students.findWithTotals(id)) };
  }

  @Patch(':id')
  @Audited({ action: 'student.update', entity: 'student', row: Student, omit: STUDENT_AUDIT_OMIT })
  @ApiJsonBody(UpdateStudentDto, UPDATE_STUDENT_BODY, 'Any subset of the fields; null or "" clears an optional text')
  @ApiDataAnswer(STUDENT, { description: 'The record as changed', message: STUDENT_MESSAGES.updated })
  @ApiFailures('INVALID_STUDENT_ID', 'STUDENT_NOT_FOUND', 'GRADUATION_BEFORE_ENROLLMENT', 'FILE_NOT_UPLOADED', 'STORAGE_UNAVAILABLE')
  @ApiOperation({ summary: 'Changes some fields' })
  async update(@Param('id', StudentIdPipe) id: string, @Body() dto: UpdateStudentDto): Promise<ApiDataResponse<StudentResponse>> {
    await this.students.update(id, dto);
    return { success: true, message: STUDENT_MESSAGES.updated, data: toResponse(await this.students.findWithTotals(id)) };
  }

  @Delete(':id')
  @Audited({ action: 'student.delete', entity: 'student', row: Student, omit: STUDENT_AUDIT_OMIT })
  @ApiDataAnswer(STUDENT, { description: 'The record as it was', message: STUDENT_MESSAGES.deleted })
  @ApiFailures('INVALID_STUDENT_ID', 'STUDENT_NOT_FOUND')
  @ApiOperation({ summary: 'Deletes the student, their contracts, payments, accounts and stored files (PIPL erasure)' })
  async remove(@Param('id', StudentIdPipe) id: string): Promise<ApiDataResponse<StudentResponse>> {
    return { success: true, message: STUDENT_MESSAGES.deleted, data: toStudentResponse(await this.students.remove(id)) };
  }
}
