import { type ApiDataResponse, type ApiListResponse, STUDENT_MESSAGES, STUDENT_RESOURCES, type StudentAccountResponse } from '@aipm/contracts';
import { CreateStudentAccountDto, UpdateStudentAccountDto } from '@aipm/contracts/dto';
import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataAnswer, ApiFailures, ApiJsonBody, ApiListAnswer } from '../../common/openapi/api-answers';
import { CREATE_ACCOUNT_BODY, STUDENT_ACCOUNT, UPDATE_ACCOUNT_BODY } from '../docs/students.docs';
import type { Response } from 'express';
import { idParam } from '../../common/errors/id-param';
import { pageOf } from '../../common/list/list-page';
import { ListQueryDto } from '../../common/list/list-query.dto';
import { toStudentAccountResponse } from './student-account.mapper';
import { StudentAccountsService } from './student-accounts.service';
import { Audited } from '../../audit/audited.decorator';
import { StudentAccount } from '@aipm/database';
import { STUDENT_ACCOUNT_AUDIT_OMIT } from '../student-audit';

const AccountIdPipe = idParam('INVALID_ACCOUNT_ID');

/** The accounts sub-tab and the card's 工具账号: tool accounts and student logins (ADR 045), administrator only. */
@ApiTags('students')
@Controller('admin/student-accounts')
export class StudentAccountsController {
  constructor(private readonly accounts: StudentAccountsService) {}

  @Get()
  @ApiListAnswer(STUDENT_ACCOUNT, { resource: 'student-accounts', description: 'One page' })
  @ApiFailures('INVALID_LIST_QUERY', 'LIMIT_TOO_LARGE')
  @ApiOperation({ summary: 'react-admin list: range, sort, filter (q, status, kind, studentId, id); Content-Range; never a password' })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response): Promise<ApiListResponse<StudentAccountResponse>> {
    return pageOf(response, STUDENT_RESOURCES.accounts, await this.accounts.list(query), toStudentAccountResponse);
  }

  @Post()
  @Audited({ action: 'account.create', entity: 'account', row: StudentAccount, omit: STUDENT_ACCOUNT_AUDIT_OMIT })
  @ApiJsonBody(CreateStudentAccountDto, CREATE_ACCOUNT_BODY)
  @ApiDataAnswer(STUDENT_ACCOUNT, { status: 201, description: 'Created', message: STUDENT_MESSAGES.accountAdded })
  @ApiFailures('STUDENT_NOT_FOUND', 'USERNAME_TAKEN', 'ACCOUNT_EMAIL_TAKEN', 'USERNAME_TOO_SHORT', 'ACCOUNT_EMAIL_REQUIRED', 'ACCOUNT_PASSWORD_REQUIRED', 'PASSWORD_NOT_FOR_TOOL_ACCOUNT')
  async create(@Body() dto: CreateStudentAccountDto): Promise<ApiDataResponse<StudentAccountResponse>> {
    return { success: true, message: STUDENT_MESSAGES.accountAdded, data: toStudentAccountResponse(await this.accounts.create(dto)) };
  }

  @Get(':id')
  @ApiDataAnswer(STUDENT_ACCOUNT, { description: 'The record' })
  @ApiFailures('INVALID_ACCOUNT_ID', 'ACCOUNT_NOT_FOUND')
  @ApiOperation({ summary: 'One record (react-admin getOne)' })
  async find(@Param('id', AccountIdPipe) id: string): Promise<ApiDataResponse<StudentAccountResponse>> {
    return { success: true, data: toStudentAccountResponse(await this.accounts.find(id)) };
  }

  @Patch(':id')
  @Audited({ action: 'account.update', entity: 'account', row: StudentAccount, omit: STUDENT_ACCOUNT_AUDIT_OMIT })
  @ApiJsonBody(UpdateStudentAccountDto, UPDATE_ACCOUNT_BODY, 'Any subset of the fields; null or "" clears an optional text')
  @ApiDataAnswer(STUDENT_ACCOUNT, { description: 'The record as changed', message: STUDENT_MESSAGES.updated })
  @ApiFailures('INVALID_ACCOUNT_ID', 'ACCOUNT_NOT_FOUND', 'USERNAME_TAKEN', 'ACCOUNT_EMAIL_TAKEN', 'USERNAME_TOO_SHORT', 'ACCOUNT_EMAIL_REQUIRED', 'PASSWORD_NOT_FOR_TOOL_ACCOUNT')
  @ApiOperation({ summary: 'Changes some fields' })
  async update(@Param('id', AccountIdPipe) id: string, @Body() dto: UpdateStudentAccountDto): Promise<ApiDataResponse<StudentAccountResponse>> {
    return { success: true, message: STUDENT_MESSAGES.updated, data: toStudentAccountResponse(await this.accounts.update(id, dto)) };
  }

  @Delete(':id')
  @Audited({ action: 'account.delete', entity: 'account', row: StudentAccount, omit: STUDENT_ACCOUNT_AUDIT_OMIT })
  @ApiDataAnswer(STUDENT_ACCOUNT, { description: 'The record as it was', message: STUDENT_MESSAGES.deleted })
  @ApiFailures('INVALID_ACCOUNT_ID', 'ACCOUNT_NOT_FOUND')
  async remove(@Param('id', AccountIdPipe) id: string): Promise<ApiDataResponse<StudentAccountResponse>> {
    return { success: true, message: STUDENT_MESSAGES.deleted, data: toStudentAccountResponse(await this.accounts.remove(id)) };
  }
}
