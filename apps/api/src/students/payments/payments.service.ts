import { DEFAULT_CURRENCY, DEFAULT_PAYMENT_METHOD, type MoneyTotal, PAYMENT_METHODS, PAYMENT_STATUSES } from '@aipm/contracts';
import type { CreatePaymentDto } from '@aipm/contracts/dto';
import { StudentContract, StudentPayment } from '@aipm/database';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { InvalidInputError } from '../../common/errors/api.error';
import { violatedUniqueConstraint } from '../../common/errors/unique-violation';
import { listPage, type Page } from '../../common/list/list-page';
import { type ListSpec, withFilterValue } from '../../common/list/list-query';
import { StudentError } from '../student.error';
import { StudentsRepository } from '../students.repository';
import { StudentsService } from '../students.service';
import type { ListPaymentsQuery } from './dto/list-payments.query';
import { PaymentNumberGenerator } from './payment-number.generator';

const PAYMENT_LIST: ListSpec = {
  alias: 'payment',
  sortable: ['paymentDate', 'createdAt', 'updatedAt', 'id', 'amount', 'paymentNumber', 'status', 'paymentMethod'],
  searchable: ['paymentNumber', 'receipt', 'notes'],
  statuses: PAYMENT_STATUSES,
  enumFilters: { paymentMethod: PAYMENT_METHODS },
  uuidFilters: ['studentId', 'contractId'],
  defaultSort: ['paymentDate', 'DESC'],
};

const PAYMENT_NUMBER_CONSTRAINT = 'UQ_student_payments_paymentNumber';
/** Attempts at a fresh server-made number; five collisions in a row would mean a broken random source. */
export const PAYMENT_NUMBER_ATTEMPTS = 5;

export interface PaymentPage extends Page<StudentPayment> {
  /** The student's total when the list is one student's (docs/product/students.md#payments-total). */
  totals?: MoneyTotal[];
}

@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(StudentPayment) private readonly payments: Repository<StudentPayment>,
    private readonly students: StudentsService,
    private readonly numbers: PaymentNumberGenerator,
    private readonly studentRecords: StudentsRepository,
  ) {}

  async list(query: ListPaymentsQuery): Promise<PaymentPage> {
    const { studentId, ...list } = query;
    if (studentId) await this.students.assertExists(studentId);
    const page = await listPage(this.payments, PAYMENT_LIST, withFilterValue(list, 'studentId', studentId));
    if (!studentId) return page;
    return { ...page, totals: (await this.studentRecords.paidTotalsOf([studentId])).get(studentId) ?? [] };
  }

  async find(id: string): Promise<StudentPayment> {
    const payment = await this.payments.findOneBy({ id });
    if (!payment) throw new StudentError('PAYMENT_NOT_FOUND');
    return payment;
  }

  /**
   * Books a payment. Linked to a contract, it must be that student's contract and in its currency (the amount
   * paid against the amount due adds payments to the contract's amount). Without a number the server makes
   * one, retrying on the unique index; a number the client chose that is taken is a 409.
   */
  async create(dto: CreatePaymentDto): Promise<StudentPayment> {
    await this.students.assertExists(dto.studentId);
    let currency = dto.currency ?? DEFAULT_CURRENCY;
    if (dto.contractId) {
      const contract = await this.dataSource.getRepository(StudentContract).findOneBy({ id: dto.contractId });
      if (!contract) throw new StudentError('CONTRACT_NOT_FOUND');
      if (contract.studentId !== dto.studentId) throw InvalidInputError.forField('contractId', 'CONTRACT_OF_ANOTHER_STUDENT');
      if (dto.currency && dto.currency !== contract.currency) throw InvalidInputError.forField('currency', 'PAYMENT_CURRENCY_MISMATCH');
      currency = contract.currency;
    }
    const row = {
      ...dto,
      contractId: dto.contractId ?? null,
      currency,
      paymentMethod: dto.paymentMethod ?? DEFAULT_PAYMENT_METHOD,
    };

    if (dto.paymentNumber) {
      try {
        return await this.insert({ ...row, paymentNumber: dto.paymentNumber });
      } catch (error) {
        if (violatedUniqueConstraint(error) === PAYMENT_NUMBER_CONSTRAINT) throw new StudentError('PAYMENT_NUMBER_TAKEN');
        throw error;
      }
    }
    for (let attempt = 1; ; attempt += 1) {
      const paymentNumber = this.numbers.next();
      try {
        return await this.insert({ ...row, paymentNumber });
      } catch (error) {
        if (violatedUniqueConstraint(error) !== PAYMENT_NUMBER_CONSTRAINT || attempt >= PAYMENT_NUMBER_ATTEMPTS) throw error;
        this.logger.warn(`payment number ${paymentNumber} was taken; drawing another (attempt ${attempt + 1})`);
      }
    }
  }

  private async insert(row: Partial<StudentPayment>): Promise<StudentPayment> {
    const inserted = await this.payments.insert(row);
    return this.find(String(inserted.identifiers[0]!.id));
  }

  async remove(id: string): Promise<StudentPayment> {
    const payment = await this.find(id);
    await this.payments.delete({ id });
    return payment;
  }
}
