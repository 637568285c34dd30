import { type ApiDataResponse, type ApiListResponse, COHORT_RESOURCE, type CohortResponse } from '@aipm/contracts';
import { CreateCohortDto, UpdateCohortDto } from '@aipm/contracts/dto';
import { Cohort } from '@aipm/database';
import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Audited } from '../audit/audited.decorator';
import { idParam } from '../common/errors/id-param';
import { pageOf } from '../common/list/list-page';
import { ListQueryDto } from '../common/list/list-query.dto';
import { ApiDataAnswer, ApiFailures, ApiJsonBody, ApiListAnswer } from '../common/openapi/api-answers';
import { toCohortResponse } from './cohort.mapper';
import { CohortsService, type CohortWithSeats } from './cohorts.service';
import { COHORT, CREATE_COHORT_BODY, UPDATE_COHORT_BODY } from './docs/cohorts.docs';

const CohortIdPipe = idParam('INVALID_COHORT_ID');
const toResponse = ({ cohort, seatsTaken }: CohortWithSeats): CohortResponse => toCohortResponse(cohort, seatsTaken);

/** 期次 (docs/product/cohorts.md), administrator only: react-admin's list, show, create, edit and delete. */
@ApiTags('cohorts')
@Controller('admin/cohorts')
export class CohortsController {
  constructor(private readonly cohorts: CohortsService) {}

  @Get()
  @ApiListAnswer(COHORT, { resource: COHORT_RESOURCE, description: 'One page, each with its seats taken' })
  @ApiFailures('INVALID_LIST_QUERY', 'LIMIT_TOO_LARGE')
  @ApiOperation({ summary: 'react-admin list: range, sort, filter (q over the name, status, id); Content-Range' })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response): Promise<ApiListResponse<CohortResponse>> {
    return pageOf(response, COHORT_RESOURCE, await this.cohorts.list(query), toResponse);
  }

  @Post()
  @Audited({ action: 'cohort.create', entity: 'cohort', row: Cohort })
  @ApiJsonBody(CreateCohortDto, CREATE_COHORT_BODY)
  @ApiDataAnswer(COHORT, { status: 201, description: 'Created' })
  @ApiFailures('COHORT_NAME_TAKEN')
  @ApiOperation({ summary: 'Adds a cohort; the calendar defaults to the programme (2, 6, 7, 4, 3, 9, 4 class days)' })
  async create(@Body() dto: CreateCohortDto): Promise<ApiDataResponse<CohortResponse>> {
    return { success: true, data: toResponse(await this.cohorts.create(dto)) };
  }

  @Get(':id')
  @ApiDataAnswer(COHORT, { description: 'The cohort' })
  @ApiFailures('INVALID_COHORT_ID', 'COHORT_NOT_FOUND')
  @ApiOperation({ summary: 'One cohort (react-admin getOne)' })
  async find(@Param('id', CohortIdPipe) id: string): Promise<ApiDataResponse<CohortResponse>> {
    return { success: true, data: toResponse(await this.cohorts.find(id)) };
  }

  @Patch(':id')
  @Audited({ action: 'cohort.update', entity: 'cohort', row: Cohort })
  @ApiJsonBody(UpdateCohortDto, UPDATE_COHORT_BODY, 'Any subset of the fields')
  @ApiDataAnswer(COHORT, { description: 'The cohort as changed' })
  @ApiFailures('INVALID_COHORT_ID', 'COHORT_NOT_FOUND', 'COHORT_NAME_TAKEN', 'CAPACITY_BELOW_SEATS')
  @ApiOperation({ summary: 'Changes some fields; a capacity below the students already in it is refused' })
  async update(@Param('id', CohortIdPipe) id: string, @Body() dto: UpdateCohortDto): Promise<ApiDataResponse<CohortResponse>> {
    return { success: true, data: toResponse(await this.cohorts.update(id, dto)) };
  }

  @Delete(':id')
  @Audited({ action: 'cohort.delete', entity: 'cohort', row: Cohort })
  @ApiDataAnswer(COHORT, { description: 'The cohort as it was' })
  @ApiFailures('INVALID_COHORT_ID', 'COHORT_NOT_FOUND', 'COHORT_HAS_STUDENTS')
  @ApiOperation({ summary: 'Deletes a cohort without students' })
  async remove(@Param('id', CohortIdPipe) id: string): Promise<ApiDataResponse<CohortResponse>> {
    return { success: true, data: toResponse(await this.cohorts.remove(id)) };
  }
}
