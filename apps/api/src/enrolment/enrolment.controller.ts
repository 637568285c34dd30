import { type ApiDataResponse, type EnrolledFrom, STUDENT_MESSAGES, type StudentResponse } from '@aipm/contracts';
import { EnrolLeadDto } from '@aipm/contracts/dto';
import { Body, Controller, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiDataAnswer, ApiFailures, ApiJsonBody } from '../common/openapi/api-answers';
import { LeadIdPipe } from '../leads/lead-http';
import { ENROL_LEAD_BODY, STUDENT } from '../students/docs/students.docs';
import { toStudentResponse } from '../students/student.mapper';
import { EnrolmentService } from './enrolment.service';

/**
 * 转为学员 on a registration or a consultation message (docs/product/students.md#enrol-a-lead), administrator only.
 * Audited by the service, inside its transaction (one entry for the student, one for the lead).
 */
@ApiTags('students')
@Controller()
export class EnrolmentController {
  constructor(private readonly enrolment: EnrolmentService) {}

  @Post('registrations/:id/enrol')
  @ApiJsonBody(EnrolLeadDto, ENROL_LEAD_BODY, 'Any subset of the add-student fields; the rest comes from the registration')
  @ApiDataAnswer(STUDENT, { status: 201, description: 'The student created', message: STUDENT_MESSAGES.enrolled })
  @ApiFailures('INVALID_LEAD_ID', 'LEAD_NOT_FOUND', 'ALREADY_ENROLLED', 'GRADUATION_BEFORE_ENROLLMENT', 'FILE_NOT_UPLOADED', 'STORAGE_UNAVAILABLE')
  @ApiOperation({ summary: 'Enrols the registration as a student: links both, marks the lead enrolled; 409 with existingId when the person is a student already' })
  enrolRegistration(@Param('id', LeadIdPipe) id: string, @Body() dto: EnrolLeadDto, @Req() request: Request): Promise<ApiDataResponse<StudentResponse>> {
    return this.enrol('registrations', id, dto, request);
  }

  @Post('contact/:id/enrol')
  @ApiJsonBody(EnrolLeadDto, ENROL_LEAD_BODY, 'Any subset of the add-student fields; the rest comes from the message')
  @ApiDataAnswer(STUDENT, { status: 201, description: 'The student created', message: STUDENT_MESSAGES.enrolled })
  @ApiFailures('INVALID_LEAD_ID', 'LEAD_NOT_FOUND', 'ALREADY_ENROLLED', 'GRADUATION_BEFORE_ENROLLMENT', 'FILE_NOT_UPLOADED', 'STORAGE_UNAVAILABLE')
  @ApiOperation({ summary: 'Enrols the consultation message as a student: links both, marks the lead enrolled; 409 with existingId when the person is a student already' })
  enrolMessage(@Param('id', LeadIdPipe) id: string, @Body() dto: EnrolLeadDto, @Req() request: Request): Promise<ApiDataResponse<StudentResponse>> {
    return this.enrol('contact', id, dto, request);
  }

  private async enrol(resource: EnrolledFrom['resource'], id: string, dto: EnrolLeadDto, request: Request): Promise<ApiDataResponse<StudentResponse>> {
    const student = await this.enrolment.enrol(resource, id, dto, request);
    return { success: true, message: STUDENT_MESSAGES.enrolled, data: { ...toStudentResponse(student), enrolledFrom: { resource, id } } };
  }
}
