import { CONTRACT_STATUSES } from '@aipm/contracts';
import type { CreateContractDto, UpdateContractDto } from '@aipm/contracts/dto';
import { StudentContract, type StudentFile } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { InvalidInputError } from '../../common/errors/api.error';
import { violatedUniqueConstraint } from '../../common/errors/unique-violation';
import { listPage, type Page } from '../../common/list/list-page';
import type { ListQueryDto } from '../../common/list/list-query.dto';
import type { ListSpec } from '../../common/list/list-query';
import { StudentFilesService } from '../files/student-files.service';
import { StudentError } from '../student.error';
import { StudentsRepository } from '../students.repository';
import { StudentsService } from '../students.service';

const CONTRACT_LIST: ListSpec = {
  alias: 'contract',
  sortable: ['createdAt', 'updatedAt', 'id', 'contractNumber', 'courseName', 'contractAmount', 'startDate', 'endDate', 'status', 'signedDate'],
  searchable: ['contractNumber', 'courseName', 'notes'],
  statuses: CONTRACT_STATUSES,
  uuidFilters: ['studentId'],
};

export interface ContractWithPaid {
  contract: StudentContract;
  paidAmount: number;
  files: StudentFile[];
}

@Injectable()
export class ContractsService {
  constructor(
    @InjectRepository(StudentContract) private readonly contracts: Repository<StudentContract>,
    private readonly students: StudentsService,
    private readonly studentFiles: StudentFilesService,
    private readonly studentRecords: StudentsRepository,
  ) {}

  private async withPaid(contract: StudentContract): Promise<ContractWithPaid> {
    const [paid, files] = await Promise.all([this.studentRecords.paidOfContracts([contract.id]), this.studentFiles.ofContracts([contract.id])]);
    return { contract, paidAmount: paid.get(contract.id) ?? 0, files: files.get(contract.id) ?? [] };
  }

  async list(query: ListQueryDto): Promise<Page<ContractWithPaid>> {
    const page = await listPage(this.contracts, CONTRACT_LIST, query);
    const ids = page.rows.map((contract) => contract.id);
    const [paid, files] = await Promise.all([this.studentRecords.paidOfContracts(ids), this.studentFiles.ofContracts(ids)]);
    return { ...page, rows: page.rows.map((contract) => ({ contract, paidAmount: paid.get(contract.id) ?? 0, files: files.get(contract.id) ?? [] })) };
  }

  async find(id: string): Promise<StudentContract> {
    const contract = await this.contracts.findOneBy({ id });
    if (!contract) throw new StudentError('CONTRACT_NOT_FOUND');
    return contract;
  }

  async findWithPaid(id: string): Promise<ContractWithPaid> {
    return this.withPaid(await this.find(id));
  }

  /**
   * The files the form uploaded become the new contract's (docs/product/students.md#contract-form): checked as
   * confirmed uploads first, then saved once the contract exists (the 50-file limit counted then).
   */
  async create(dto: CreateContractDto): Promise<ContractWithPaid> {
    const { files = [], ...fields } = dto;
    await this.students.assertExists(dto.studentId);
    await this.studentFiles.assertAttachable(dto.studentId, files);
    const id = await this.saving(async () => String((await this.contracts.insert({ ...fields })).identifiers[0]!.id));
    await this.studentFiles.attachAll(dto.studentId, id, files);
    return this.findWithPaid(id);
  }

  async update(id: string, dto: UpdateContractDto): Promise<ContractWithPaid> {
    const before = await this.find(id);
    // The body may change one date only: the end is checked against the start it will have.
    const startDate = dto.startDate ?? before.startDate;
    const endDate = dto.endDate ?? before.endDate;
    if (endDate <= startDate) throw InvalidInputError.forField('endDate', 'END_NOT_AFTER_START');
    const changes = Object.fromEntries(Object.entries(dto).filter(([, value]) => value !== undefined));
    if (Object.keys(changes).length > 0) await this.saving(() => this.contracts.update({ id }, changes));
    return this.findWithPaid(id);
  }

  /**
   * Payments booked against it stay, unlinked, and its files stay with the student under 其他文件 (both foreign keys
   * set null, ADR 045): money received and signed papers stay on record.
   */
  async remove(id: string): Promise<ContractWithPaid> {
    const removed = await this.findWithPaid(id);
    await this.contracts.delete({ id });
    return removed;
  }

  private async saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (violatedUniqueConstraint(error) === 'UQ_student_contracts_contractNumber') throw new StudentError('CONTRACT_NUMBER_TAKEN');
      throw error;
    }
  }
}
