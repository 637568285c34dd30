import { DEFAULT_CURRENCY, DEFAULT_PAYMENT_METHOD, type MoneyTotal, PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES, PaymentKind, PaymentStatus } from '@aipm/contracts';
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
  enumFilters: { paymentMethod: PAYMENT_METHODS, kind: PAYMENT_KINDS },
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
    const kind = dto.kind ?? PaymentKind.Tuition;
    // A refund or a bonus is the salary guarantee's: it belongs to a guaranteed contract (docs/product/guarantee.md).
    if (kind !== PaymentKind.Tuition && !dto.contractId) throw InvalidInputError.forField('contractId', 'GUARANTEE_PAYMENT_NEEDS_CONTRACT');
    let currency = dto.currency ?? DEFAULT_CURRENCY;
    if (dto.contractId) {
      const contract = await this.dataSource.getRepository(StudentContract).findOneBy({ id: dto.contractId });
      if (!contract) throw new StudentError('CONTRACT_NOT_FOUND');
      if (contract.studentId !== dto.studentId) throw InvalidInputError.forField('contractId', 'CONTRACT_OF_ANOTHER_STUDENT');
      if (dto.currency && dto.currency !== contract.currency) throw InvalidInputError.forField('currency', 'PAYMENT_CURRENCY_MISMATCH');
      if (kind !== PaymentKind.Tuition && !contract.guaranteed) throw InvalidInputError.forField('contractId', 'CONTRACT_NOT_GUARANTEED');
      currency = contract.currency;
    }
    const row = {
      ...dto,
      kind,
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

  /**
   * Stores the payment. A refund is stored with its contract's row locked and only while it stays within the tuition
   * received on the contract less the refunds already made (pending ones included): two refunds at once cannot both
   * pass the check.
   */
  private async insert(row: Partial<StudentPayment>): Promise<StudentPayment> {
    if (row.kind !== PaymentKind.Refund) return this.find(String((await this.payments.insert(row)).identifiers[0]!.id));
    const id = await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT 1 FROM "student_contracts" WHERE "id" = $1 FOR UPDATE`, [row.contractId]);
      const [{ tuition, refunded }]: [{ tuition: string; refunded: string }] = await manager.query(
        `SELECT coalesce(sum("amount") FILTER (WHERE "kind" = 'tuition' AND "status" = $2), 0)::bigint AS "tuition",
                coalesce(-sum("amount") FILTER (WHERE "kind" = 'refund' AND "status" IN ($2, $3)), 0)::bigint AS "refunded"
           FROM "student_payments" WHERE "contractId" = $1`,
        [row.contractId, PaymentStatus.Completed, PaymentStatus.Pending],
      );
      if (-row.amount! > Number(tuition) - Number(refunded)) throw InvalidInputError.forField('amount', 'REFUND_EXCEEDS_PAID');
      return String((await manager.insert(StudentPayment, row)).identifiers[0]!.id);
    });
    return this.find(id);
  }

  async remove(id: string): Promise<StudentPayment> {
    const payment = await this.find(id);
    await this.payments.delete({ id });
    return payment;
  }
}
