import { type ApiDataResponse, type ApiListResponse, OUTCOME_RESOURCE, type OutcomeResponse } from '@aipm/contracts';
import { CreateOutcomeDto, ReturnOutcomeDto, UpdateOutcomeDto } from '@aipm/contracts/dto';
import { StudentOutcome } from '@aipm/database';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Audited } from '../../audit/audited.decorator';
import { idParam } from '../../common/errors/id-param';
import { pageOf } from '../../common/list/list-page';
import { ListQueryDto } from '../../common/list/list-query.dto';
import { ApiDataAnswer, ApiFailures, ApiJsonBody, ApiListAnswer } from '../../common/openapi/api-answers';
import { CREATE_OUTCOME_BODY, OUTCOME, RETURN_OUTCOME_BODY, UPDATE_OUTCOME_BODY } from '../docs/outcomes.docs';
import { STUDENT_OUTCOME_AUDIT_OMIT } from '../student-audit';
import { toOutcomeResponse } from './outcome.mapper';
import { type OutcomeWithEvidence, OutcomesService } from './outcomes.service';

const OutcomeIdPipe = idParam('INVALID_OUTCOME_ID');
const toResponse = ({ outcome, evidence }: OutcomeWithEvidence): OutcomeResponse => toOutcomeResponse(outcome, evidence);

/** 就业结果 (docs/product/outcomes.md), administrator only: a student's outcomes with their evidence. */
@ApiTags('students')
@Controller('admin/outcomes')
export class OutcomesController {
  constructor(private readonly outcomes: OutcomesService) {}

  @Get()
  @ApiListAnswer(OUTCOME, { resource: OUTCOME_RESOURCE, description: 'One page, newest outcome first, each with its evidence' })
  @ApiFailures('INVALID_LIST_QUERY', 'LIMIT_TOO_LARGE')
  @ApiOperation({ summary: 'react-admin list: range, sort, filter (studentId, reviewState, q over employer, title and city, id); Content-Range' })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response): Promise<ApiListResponse<OutcomeResponse>> {
    return pageOf(response, OUTCOME_RESOURCE, await this.outcomes.list(query), toResponse);
  }

  @Post()
  @Audited({ action: 'outcome.create', entity: 'outcome', row: StudentOutcome, omit: STUDENT_OUTCOME_AUDIT_OMIT })
  @ApiJsonBody(CreateOutcomeDto, CREATE_OUTCOME_BODY)
  @ApiDataAnswer(OUTCOME, { status: 201, description: 'Created' })
  @ApiFailures(
    'STUDENT_NOT_FOUND',
    'OUTCOME_BEFORE_ENROLLMENT',
    'EMPLOYER_REQUIRED',
    'JOB_START_BEFORE_OFFER',
    'OFFER_FIELDS_NOT_ALLOWED',
    'EVIDENCE_REQUIRED',
    'FILE_NOT_UPLOADED',
    'FILE_ALREADY_SAVED',
    'TOO_MANY_CONTRACT_FILES',
  )
  @ApiOperation({ summary: 'Records an outcome; a job needs its offer, and every category but seeking needs evidence (confirmed uploads)' })
  async create(@Body() dto: CreateOutcomeDto): Promise<ApiDataResponse<OutcomeResponse>> {
    return { success: true, data: toResponse(await this.outcomes.create(dto)) };
  }

  @Get(':id')
  @ApiDataAnswer(OUTCOME, { description: 'The outcome' })
  @ApiFailures('INVALID_OUTCOME_ID', 'OUTCOME_NOT_FOUND')
  @ApiOperation({ summary: 'One outcome (react-admin getOne)' })
  async find(@Param('id', OutcomeIdPipe) id: string): Promise<ApiDataResponse<OutcomeResponse>> {
    return { success: true, data: toResponse(await this.outcomes.find(id)) };
  }

  @Patch(':id')
  @Audited({ action: 'outcome.update', entity: 'outcome', row: StudentOutcome, omit: STUDENT_OUTCOME_AUDIT_OMIT })
  @ApiJsonBody(UpdateOutcomeDto, UPDATE_OUTCOME_BODY, 'Any subset of the fields; evidence, when sent, is the whole list')
  @ApiDataAnswer(OUTCOME, { description: 'The outcome as changed' })
  @ApiFailures('INVALID_OUTCOME_ID', 'OUTCOME_NOT_FOUND', 'OUTCOME_BEFORE_ENROLLMENT', 'OFFER_FIELDS_NOT_ALLOWED', 'EVIDENCE_REQUIRED', 'FILE_NOT_UPLOADED')
  @ApiOperation({ summary: 'Changes some fields; evidence left out of a sent list is deleted' })
  async update(@Param('id', OutcomeIdPipe) id: string, @Body() dto: UpdateOutcomeDto): Promise<ApiDataResponse<OutcomeResponse>> {
    return { success: true, data: toResponse(await this.outcomes.update(id, dto)) };
  }

  @Post(':id/accept')
  @HttpCode(200)
  @Audited({ action: 'outcome.accept', entity: 'outcome', row: StudentOutcome, omit: STUDENT_OUTCOME_AUDIT_OMIT })
  @ApiDataAnswer(OUTCOME, { description: 'The outcome, accepted: it now counts for the guarantee and the report' })
  @ApiFailures('INVALID_OUTCOME_ID', 'OUTCOME_NOT_FOUND', 'OUTCOME_NOT_PENDING')
  @ApiOperation({ summary: "Accepts a student's offer report (待审核 → 已接受)" })
  async accept(@Param('id', OutcomeIdPipe) id: string): Promise<ApiDataResponse<OutcomeResponse>> {
    return { success: true, data: toResponse(await this.outcomes.accept(id)) };
  }

  @Post(':id/return')
  @HttpCode(200)
  @Audited({ action: 'outcome.return', entity: 'outcome', row: StudentOutcome, omit: STUDENT_OUTCOME_AUDIT_OMIT })
  @ApiJsonBody(ReturnOutcomeDto, RETURN_OUTCOME_BODY)
  @ApiDataAnswer(OUTCOME, { description: 'The outcome, returned with the reason the student reads' })
  @ApiFailures('INVALID_OUTCOME_ID', 'OUTCOME_NOT_FOUND', 'OUTCOME_NOT_PENDING', 'RETURN_REASON_REQUIRED', 'RETURN_REASON_TOO_LONG')
  @ApiOperation({ summary: "Returns a student's offer report with a reason (待审核 → 已退回); it never counts" })
  async return(@Param('id', OutcomeIdPipe) id: string, @Body() dto: ReturnOutcomeDto): Promise<ApiDataResponse<OutcomeResponse>> {
    return { success: true, data: toResponse(await this.outcomes.return(id, dto.reason)) };
  }

  @Delete(':id')
  @Audited({ action: 'outcome.delete', entity: 'outcome', row: StudentOutcome, omit: STUDENT_OUTCOME_AUDIT_OMIT })
  @ApiDataAnswer(OUTCOME, { description: 'The outcome as it was' })
  @ApiFailures('INVALID_OUTCOME_ID', 'OUTCOME_NOT_FOUND')
  @ApiOperation({ summary: 'Deletes an outcome; its evidence stays with the student under 其他文件' })
  async remove(@Param('id', OutcomeIdPipe) id: string): Promise<ApiDataResponse<OutcomeResponse>> {
    return { success: true, data: toResponse(await this.outcomes.remove(id)) };
  }
}
