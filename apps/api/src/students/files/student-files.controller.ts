import { type ApiDataResponse, type ApiListResponse, STUDENT_MESSAGES, STUDENT_RESOURCES, type StudentFileResponse } from '@aipm/contracts';
import { AttachStudentFileDto, MoveStudentFileDto } from '@aipm/contracts/dto';
import { StudentFile } from '@aipm/database';
import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Audited } from '../../audit/audited.decorator';
import { idParam } from '../../common/errors/id-param';
import { pageOf } from '../../common/list/list-page';
import { ListQueryDto } from '../../common/list/list-query.dto';
import { ApiDataAnswer, ApiFailures, ApiJsonBody, ApiListAnswer } from '../../common/openapi/api-answers';
import { ATTACH_FILE_BODY, MOVE_FILE_BODY, STUDENT_FILE } from '../docs/students.docs';
import { STUDENT_FILE_AUDIT_OMIT } from '../student-audit';
import { toStudentFileResponse } from './student-file.mapper';
import { StudentFilesService } from './student-files.service';

const FileIdPipe = idParam('INVALID_FILE_ID');

/** A student's files, each a contract's or one of the 其他文件 (docs/product/students.md#contract-files), administrator only. */
@ApiTags('students')
@Controller('admin/student-files')
export class StudentFilesController {
  constructor(private readonly files: StudentFilesService) {}

  @Get()
  @ApiListAnswer(STUDENT_FILE, { resource: 'student-files', description: 'One page, oldest first unless sorted' })
  @ApiFailures('INVALID_LIST_QUERY', 'LIMIT_TOO_LARGE')
  @ApiOperation({ summary: 'react-admin list: range, sort, filter (q over the name, studentId, contractId, id); Content-Range' })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response): Promise<ApiListResponse<StudentFileResponse>> {
    return pageOf(response, STUDENT_RESOURCES.files, await this.files.list(query), toStudentFileResponse);
  }

  @Post()
  @Audited({ action: 'file.save', entity: 'file', row: StudentFile, omit: STUDENT_FILE_AUDIT_OMIT })
  @ApiJsonBody(AttachStudentFileDto, ATTACH_FILE_BODY)
  @ApiDataAnswer(STUDENT_FILE, { status: 201, description: 'Saved', message: STUDENT_MESSAGES.updated })
  @ApiFailures('STUDENT_NOT_FOUND', 'CONTRACT_NOT_FOUND', 'CONTRACT_OF_ANOTHER_STUDENT', 'FILE_NOT_UPLOADED', 'FILE_ALREADY_SAVED', 'TOO_MANY_CONTRACT_FILES')
  @ApiOperation({ summary: "Saves a confirmed contract upload as a file of the student, a contract's or 其他文件; named as step 1 recorded it" })
  async create(@Body() dto: AttachStudentFileDto): Promise<ApiDataResponse<StudentFileResponse>> {
    return { success: true, message: STUDENT_MESSAGES.updated, data: toStudentFileResponse(await this.files.attach(dto)) };
  }

  @Get(':id')
  @ApiDataAnswer(STUDENT_FILE, { description: 'The record' })
  @ApiFailures('INVALID_FILE_ID', 'STUDENT_FILE_NOT_FOUND')
  @ApiOperation({ summary: 'One record (react-admin getOne)' })
  async find(@Param('id', FileIdPipe) id: string): Promise<ApiDataResponse<StudentFileResponse>> {
    return { success: true, data: toStudentFileResponse(await this.files.find(id)) };
  }

  @Patch(':id')
  @Audited({ action: 'file.move', entity: 'file', row: StudentFile, omit: STUDENT_FILE_AUDIT_OMIT })
  @ApiJsonBody(MoveStudentFileDto, MOVE_FILE_BODY)
  @ApiDataAnswer(STUDENT_FILE, { description: 'The file where it now is', message: STUDENT_MESSAGES.updated })
  @ApiFailures('INVALID_FILE_ID', 'STUDENT_FILE_NOT_FOUND', 'CONTRACT_NOT_FOUND', 'CONTRACT_OF_ANOTHER_STUDENT')
  @ApiOperation({ summary: 'Moves the file to another contract of the same student, or (contractId null) to 其他文件' })
  async move(@Param('id', FileIdPipe) id: string, @Body() dto: MoveStudentFileDto): Promise<ApiDataResponse<StudentFileResponse>> {
    return { success: true, message: STUDENT_MESSAGES.updated, data: toStudentFileResponse(await this.files.move(id, dto.contractId)) };
  }

  @Delete(':id')
  @Audited({ action: 'file.delete', entity: 'file', row: StudentFile, omit: STUDENT_FILE_AUDIT_OMIT })
  @ApiDataAnswer(STUDENT_FILE, { description: 'The record as it was', message: STUDENT_MESSAGES.deleted })
  @ApiFailures('INVALID_FILE_ID', 'STUDENT_FILE_NOT_FOUND', 'STORAGE_UNAVAILABLE')
  @ApiOperation({ summary: 'Deletes the file: its record, then its object in storage' })
  async remove(@Param('id', FileIdPipe) id: string): Promise<ApiDataResponse<StudentFileResponse>> {
    return { success: true, message: STUDENT_MESSAGES.deleted, data: toStudentFileResponse(await this.files.remove(id)) };
  }
}
