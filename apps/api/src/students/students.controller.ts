import { type ApiDataResponse, type ApiListResponse, STUDENT_MESSAGES, STUDENT_RESOURCES, type StudentExport, type StudentResponse } from '@aipm/contracts';
import { CreateStudentDto, UpdateStudentDto } from '@aipm/contracts/dto';
import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { idParam } from '../common/errors/id-param';
import { pageOf } from '../common/list/list-page';
import { ListQueryDto } from '../common/list/list-query.dto';
import { toStudentResponse } from './student.mapper';
import { StudentsService, type StudentWithTotals } from './students.service';

export const StudentIdPipe = idParam('INVALID_STUDENT_ID');

const toResponse = ({ student, paidTotals }: StudentWithTotals): StudentResponse => toStudentResponse(student, paidTotals);

/** Spec §7 students calls, plus what the screens need (show, update, delete, PIPL export), administrator only. */
@ApiTags('students')
@Controller('admin/students')
export class StudentsController {
  constructor(private readonly students: StudentsService) {}

  @Get()
  @ApiOperation({ summary: 'react-admin list: range, sort, filter (q, status, id); each with its paid total; Content-Range' })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response): Promise<ApiListResponse<StudentResponse>> {
    return pageOf(response, STUDENT_RESOURCES.students, await this.students.list(query), toResponse);
  }

  @Post()
  async create(@Body() dto: CreateStudentDto): Promise<ApiDataResponse<StudentResponse>> {
    return { success: true, message: STUDENT_MESSAGES.studentAdded, data: toStudentResponse(await this.students.create(dto)) };
  }

  @Get(':id/export')
  @ApiOperation({ summary: 'PIPL: the record, contracts, payments, accounts (no passwords) and the file list, as a JSON download' })
  async export(@Param('id', StudentIdPipe) id: string, @Res() response: Response): Promise<void> {
    const data: StudentExport = await this.students.export(id);
    const day = data.exportedAt.slice(0, 10).replace(/-/g, '');
    response.setHeader('Content-Disposition', `attachment; filename="student-${id}-${day}.json"`);
    response.setHeader('Cache-Control', 'no-store');
    response.status(200).json({ success: true, data });
  }

  @Get(':id')
  async find(@Param('id', StudentIdPipe) id: string): Promise<ApiDataResponse<StudentResponse>> {
    return { success: true, data: toResponse(await this.students.findWithTotals(id)) };
  }

  @Patch(':id')
  async update(@Param('id', StudentIdPipe) id: string, @Body() dto: UpdateStudentDto): Promise<ApiDataResponse<StudentResponse>> {
    await this.students.update(id, dto);
    return { success: true, message: STUDENT_MESSAGES.updated, data: toResponse(await this.students.findWithTotals(id)) };
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Deletes the student, their contracts, payments, accounts and stored files (PIPL erasure)' })
  async remove(@Param('id', StudentIdPipe) id: string): Promise<ApiDataResponse<StudentResponse>> {
    return { success: true, message: STUDENT_MESSAGES.deleted, data: toStudentResponse(await this.students.remove(id)) };
  }
}
