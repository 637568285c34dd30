import { type ApiDataResponse, type ApiListResponse, STUDENT_MESSAGES, STUDENT_RESOURCES, type StudentAccountResponse } from '@aipm/contracts';
import { CreateStudentAccountDto, UpdateStudentAccountDto } from '@aipm/contracts/dto';
import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { idParam } from '../common/errors/id-param';
import { pageOf } from '../common/list/list-page';
import { ListQueryDto } from '../common/list/list-query.dto';
import { toStudentAccountResponse } from './student-account.mapper';
import { StudentAccountsService } from './student-accounts.service';

const AccountIdPipe = idParam('INVALID_ACCOUNT_ID');

/** The accounts sub-tab (a placeholder in the original): student logins, administrator only. */
@ApiTags('students')
@Controller('admin/student-accounts')
export class StudentAccountsController {
  constructor(private readonly accounts: StudentAccountsService) {}

  @Get()
  @ApiOperation({ summary: 'react-admin list: range, sort, filter (q, status, studentId, id); Content-Range; never a password' })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response): Promise<ApiListResponse<StudentAccountResponse>> {
    return pageOf(response, STUDENT_RESOURCES.accounts, await this.accounts.list(query), toStudentAccountResponse);
  }

  @Post()
  async create(@Body() dto: CreateStudentAccountDto): Promise<ApiDataResponse<StudentAccountResponse>> {
    return { success: true, message: STUDENT_MESSAGES.accountAdded, data: toStudentAccountResponse(await this.accounts.create(dto)) };
  }

  @Get(':id')
  async find(@Param('id', AccountIdPipe) id: string): Promise<ApiDataResponse<StudentAccountResponse>> {
    return { success: true, data: toStudentAccountResponse(await this.accounts.find(id)) };
  }

  @Patch(':id')
  async update(@Param('id', AccountIdPipe) id: string, @Body() dto: UpdateStudentAccountDto): Promise<ApiDataResponse<StudentAccountResponse>> {
    return { success: true, message: STUDENT_MESSAGES.updated, data: toStudentAccountResponse(await this.accounts.update(id, dto)) };
  }

  @Delete(':id')
  async remove(@Param('id', AccountIdPipe) id: string): Promise<ApiDataResponse<StudentAccountResponse>> {
    return { success: true, message: STUDENT_MESSAGES.deleted, data: toStudentAccountResponse(await this.accounts.remove(id)) };
  }
}
