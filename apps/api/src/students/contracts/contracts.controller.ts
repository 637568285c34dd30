import { type ApiDataResponse, type ApiListResponse, type ContractResponse, STUDENT_MESSAGES, STUDENT_RESOURCES } from '@aipm/contracts';
import { CreateContractDto, UpdateContractDto } from '@aipm/contracts/dto';
import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataAnswer, ApiFailures, ApiJsonBody, ApiListAnswer } from '../../common/openapi/api-answers';
import { CONTRACT, CREATE_CONTRACT_BODY, UPDATE_CONTRACT_BODY } from '../docs/students.docs';
import type { Response } from 'express';
import { idParam } from '../../common/errors/id-param';
import { pageOf } from '../../common/list/list-page';
import { ListQueryDto } from '../../common/list/list-query.dto';
import { toContractResponse } from './contract.mapper';
import { ContractsService, type ContractWithPaid } from './contracts.service';
import { Audited } from '../../audit/audited.decorator';
import { StudentContract } from '@aipm/database';
import { STUDENT_RECORD_AUDIT_OMIT } from '../student-audit';

const ContractIdPipe = idParam('INVALID_CONTRACT_ID');
const toResponse = ({ contract, paidAmount, files }: ContractWithPaid): ContractResponse => toContractResponse(contract, paidAmount, files);

/** The contracts sub-tab (a placeholder in the original): student contracts, administrator only. */
@ApiTags('students')
@Controller('admin/contracts')
export class ContractsController {
  constructor(private readonly contracts: ContractsService) {}

  @Get()
  @ApiListAnswer(CONTRACT, { resource: 'contracts', description: 'One page' })
  @ApiFailures('INVALID_LIST_QUERY', 'LIMIT_TOO_LARGE')
  @ApiOperation({ summary: 'react-admin list: range, sort, filter (q, status, studentId, id); paid against due; Content-Range' })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response): Promise<ApiListResponse<ContractResponse>> {
    return pageOf(response, STUDENT_RESOURCES.contracts, await this.contracts.list(query), toResponse);
  }

  @Post()
  @Audited({ action: 'contract.create', entity: 'contract', row: StudentContract, omit: STUDENT_RECORD_AUDIT_OMIT })
  @ApiJsonBody(CreateContractDto, CREATE_CONTRACT_BODY)
  @ApiDataAnswer(CONTRACT, { status: 201, description: 'Created', message: STUDENT_MESSAGES.contractAdded })
  @ApiFailures('STUDENT_NOT_FOUND', 'CONTRACT_NUMBER_TAKEN', 'END_NOT_AFTER_START', 'FILE_NOT_UPLOADED', 'FILE_ALREADY_SAVED', 'TOO_MANY_CONTRACT_FILES')
  async create(@Body() dto: CreateContractDto): Promise<ApiDataResponse<ContractResponse>> {
    return { success: true, message: STUDENT_MESSAGES.contractAdded, data: toResponse(await this.contracts.create(dto)) };
  }

  @Get(':id')
  @ApiDataAnswer(CONTRACT, { description: 'The record' })
  @ApiFailures('INVALID_CONTRACT_ID', 'CONTRACT_NOT_FOUND')
  @ApiOperation({ summary: 'One record (react-admin getOne)' })
  async find(@Param('id', ContractIdPipe) id: string): Promise<ApiDataResponse<ContractResponse>> {
    return { success: true, data: toResponse(await this.contracts.findWithPaid(id)) };
  }

  @Patch(':id')
  @Audited({ action: 'contract.update', entity: 'contract', row: StudentContract, omit: STUDENT_RECORD_AUDIT_OMIT })
  @ApiJsonBody(UpdateContractDto, UPDATE_CONTRACT_BODY, 'Any subset of the fields; null or "" clears an optional text')
  @ApiDataAnswer(CONTRACT, { description: 'The record as changed', message: STUDENT_MESSAGES.updated })
  @ApiFailures('INVALID_CONTRACT_ID', 'CONTRACT_NOT_FOUND', 'CONTRACT_NUMBER_TAKEN', 'END_NOT_AFTER_START')
  @ApiOperation({ summary: 'Changes some fields' })
  async update(@Param('id', ContractIdPipe) id: string, @Body() dto: UpdateContractDto): Promise<ApiDataResponse<ContractResponse>> {
    return { success: true, message: STUDENT_MESSAGES.updated, data: toResponse(await this.contracts.update(id, dto)) };
  }

  @Delete(':id')
  @Audited({ action: 'contract.delete', entity: 'contract', row: StudentContract, omit: STUDENT_RECORD_AUDIT_OMIT })
  @ApiDataAnswer(CONTRACT, { description: 'The record as it was', message: STUDENT_MESSAGES.deleted })
  @ApiFailures('INVALID_CONTRACT_ID', 'CONTRACT_NOT_FOUND')
  async remove(@Param('id', ContractIdPipe) id: string): Promise<ApiDataResponse<ContractResponse>> {
    return { success: true, message: STUDENT_MESSAGES.deleted, data: toResponse(await this.contracts.remove(id)) };
  }
}
