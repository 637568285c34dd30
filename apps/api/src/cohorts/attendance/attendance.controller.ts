import { type ApiDataResponse, type AttendanceDayResponse, type AttendanceMark } from '@aipm/contracts';
import { SetAttendanceDto } from '@aipm/contracts/dto';
import { Body, Controller, Get, Param, Put, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { idParam } from '../../common/errors/id-param';
import { ApiDataAnswer, ApiFailures, ApiJsonBody } from '../../common/openapi/api-answers';
import { ATTENDANCE_DAY, ATTENDANCE_MARKED, SET_ATTENDANCE_BODY } from '../docs/cohorts.docs';
import { AttendanceService } from './attendance.service';

const CohortIdPipe = idParam('INVALID_COHORT_ID');
const StudentIdPipe = idParam('INVALID_STUDENT_ID');

/** 考勤 (docs/product/cohorts.md#attendance), administrator only: a class day's grid and one mark at a time. */
@ApiTags('cohorts')
@Controller('admin/cohorts/:id/attendance')
export class AttendanceController {
  constructor(private readonly attendance: AttendanceService) {}

  @Get()
  @ApiDataAnswer(ATTENDANCE_DAY, { description: "The day's students, each with their mark (null: not marked)" })
  @ApiFailures('INVALID_COHORT_ID', 'COHORT_NOT_FOUND', 'INVALID_ATTENDANCE_DATE', 'NOT_A_CLASS_DAY')
  @ApiOperation({ summary: 'One class day of the cohort (?date=YYYY-MM-DD; without it today, or the last class day before it, or the first)' })
  async day(@Param('id', CohortIdPipe) id: string, @Query('date') date?: string): Promise<ApiDataResponse<AttendanceDayResponse>> {
    return { success: true, data: await this.attendance.day(id, date === '' ? undefined : date) };
  }

  @Put(':date/:studentId')
  @ApiJsonBody(SetAttendanceDto, SET_ATTENDANCE_BODY, 'present, late, absent or leave; null clears the mark')
  @ApiDataAnswer(ATTENDANCE_MARKED, { description: 'The mark as stored' })
  @ApiFailures('INVALID_COHORT_ID', 'INVALID_STUDENT_ID', 'COHORT_NOT_FOUND', 'INVALID_ATTENDANCE_DATE', 'NOT_A_CLASS_DAY', 'STUDENT_NOT_IN_COHORT')
  @ApiOperation({ summary: "Sets one student's mark for one class day (audited); a day outside the calendar or a student outside the cohort is refused" })
  async mark(
    @Param('id', CohortIdPipe) id: string,
    @Param('date') date: string,
    @Param('studentId', StudentIdPipe) studentId: string,
    @Body() dto: SetAttendanceDto,
    @Req() request: Request,
  ): Promise<ApiDataResponse<{ mark: AttendanceMark | null }>> {
    return { success: true, data: { mark: await this.attendance.mark(id, date, studentId, dto.mark, request) } };
  }
}
