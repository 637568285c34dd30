import { type ApiDataResponse, type ApiListResponse, type ContractResponse, STUDENT_MESSAGES, STUDENT_RESOURCES } from '@aipm/contracts';
import { CreateContractDto, UpdateContractDto } from '@aipm/contracts/dto';
import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { idParam } from '../common/errors/id-param';
import { pageOf } from '../common/list/list-page';
import { ListQueryDto } from '../common/list/list-query.dto';
import { toContractResponse } from './contract.mapper';
import { ContractsService, type ContractWithPaid } from './contracts.service';

const ContractIdPipe = idParam('INVALID_CONTRACT_ID');
const toResponse = ({ contract, paidAmount }: ContractWithPaid): ContractResponse => toContractResponse(contract, paidAmount);

/** The contracts sub-tab (a placeholder in the original): student contracts, administrator only. */
@ApiTags('students')
@Controller('admin/contracts')
export class ContractsController {
  constructor(private readonly contracts: ContractsService) {}

  @Get()
  @ApiOperation({ summary: 'react-admin list: range, sort, filter (q, status, studentId, id); paid against due; Content-Range' })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response): Promise<ApiListResponse<ContractResponse>> {
    return pageOf(response, STUDENT_RESOURCES.contracts, await this.contracts.list(query), toResponse);
  }

  @Post()
  async create(@Body() dto: CreateContractDto): Promise<ApiDataResponse<ContractResponse>> {
    return { success: true, message: STUDENT_MESSAGES.contractAdded, data: toResponse(await this.contracts.create(dto)) };
  }

  @Get(':id')
  async find(@Param('id', ContractIdPipe) id: string): Promise<ApiDataResponse<ContractResponse>> {
    return { success: true, data: toResponse(await this.contracts.findWithPaid(id)) };
  }

  @Patch(':id')
  async update(@Param('id', ContractIdPipe) id: string, @Body() dto: UpdateContractDto): Promise<ApiDataResponse<ContractResponse>> {
    return { success: true, message: STUDENT_MESSAGES.updated, data: toResponse(await this.contracts.update(id, dto)) };
  }

  @Delete(':id')
  async remove(@Param('id', ContractIdPipe) id: string): Promise<ApiDataResponse<ContractResponse>> {
    return { success: true, message: STUDENT_MESSAGES.deleted, data: toResponse(await this.contracts.remove(id)) };
  }
}
