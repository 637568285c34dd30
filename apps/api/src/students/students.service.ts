import {
  type AttendanceSummary,
  cohortLastDay,
  type EnrolledFrom,
  fileKeyOfAccessUrl,
  formatIsoDate,
  type Graduation,
  graduationOf,
  type MoneyTotal,
  normalisePhone,
  PaymentKind,
  PaymentStatus,
  STUDENT_STATUSES,
  StudentStatus,
  type StudentExport,
} from '@aipm/contracts';
import type { CreateStudentDto, UpdateStudentDto } from '@aipm/contracts/dto';
import { Cohort, Student, StudentAccount, StudentContract, type StudentFile, StudentOutcome, StudentPayment } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { AttendanceService } from '../cohorts/attendance/attendance.service';
import { CohortsService } from '../cohorts/cohorts.service';
import { InvalidInputError } from '../common/errors/api.error';
import { listPage, type Page } from '../common/list/list-page';
import type { ListQueryDto } from '../common/list/list-query.dto';
import type { ListSpec } from '../common/list/list-query';
import { toContractResponse } from './contracts/contract.mapper';
import { toOutcomeResponse } from './outcomes/outcome.mapper';
import { toPaymentResponse } from './payments/payment.mapper';
import { toStudentAccountResponse } from './student-accounts/student-account.mapper';
import { StudentFilesService } from './files/student-files.service';
import { StudentError } from './student.error';
import { StudentsRepository } from './students.repository';
import { toStudentResponse } from './student.mapper';

export const STUDENT_LIST: ListSpec = {
  alias: 'student',
  sortable: ['createdAt', 'updatedAt', 'id', 'name', 'status', 'enrollmentDate', 'graduationDate', 'school', 'major'],
  searchable: ['name', 'phone', 'email', 'school', 'major'],
  phoneDigits: true,
  searchIndexed: true,
  statuses: STUDENT_STATUSES,
  // A cohort's students (docs/product/cohorts.md#students-in-a-cohort).
  uuidFilters: ['cohortId'],
};

export interface StudentWithTotals {
  student: Student;
  paidTotals: MoneyTotal[];
  /** Read with one record only (the card), not for list rows. */
  enrolledFrom?: EnrolledFrom | null;
  attendance?: AttendanceSummary;
  graduation?: Graduation | null;
  pendingTotals?: MoneyTotal[];
}

/**
 * StudentsRepository.paidTotalsOf for the row of the list's query (alias `student`), as one JSON array: a
 * correlated subquery of the page's statement, so the page and its totals are one round trip (ADR 028 point 6).
 */
const PAID_TOTALS_OF_STUDENT = `(SELECT coalesce(json_agg(json_build_object('currency', paid."currency", 'amount', paid."amount") ORDER BY paid."currency"), '[]'::json)
  FROM (SELECT payment."currency", sum(payment."amount")::bigint AS "amount" FROM "student_payments" payment
        WHERE payment."studentId" = ${STUDENT_LIST.alias}.id AND payment."status" = :paidStatus AND payment."kind" = 'tuition' GROUP BY payment."currency") AS paid)`;

type StudentChanges = Partial<Omit<Student, 'id' | 'createdAt' | 'updatedAt'>>;

/** What a body changes; undefined leaves a field alone, null clears it. */
function changesOf(dto: CreateStudentDto | UpdateStudentDto): StudentChanges {
  const changes: StudentChanges = {};
  for (const [field, value] of Object.entries(dto)) {
    if (value !== undefined) (changes as Record<string, unknown>)[field] = value;
  }
  if (dto.phone !== undefined) changes.phoneNormalized = normalisePhone(dto.phone) ?? null;
  return changes;
}

/**
 * The dates a body's change of status needs (docs/product/outcomes.md#graduation): marking a student graduated or
 * withdrawn records the day, and neither day is before enrolment. `stored` is the record before an update.
 */
function assertGraduationDates(changes: StudentChanges, stored: Pick<Student, 'enrollmentDate' | 'graduationDate' | 'withdrawalDate'> | null, enrollmentDate: string): void {
  const graduationDate = changes.graduationDate === undefined ? (stored?.graduationDate ?? null) : changes.graduationDate;
  const withdrawalDate = changes.withdrawalDate === undefined ? (stored?.withdrawalDate ?? null) : changes.withdrawalDate;
  if (graduationDate && graduationDate < enrollmentDate) throw InvalidInputError.forField('graduationDate', 'GRADUATION_BEFORE_ENROLLMENT');
  if (withdrawalDate && withdrawalDate < enrollmentDate) throw InvalidInputError.forField('withdrawalDate', 'WITHDRAWAL_BEFORE_ENROLLMENT');
  if (changes.status === StudentStatus.Graduated && !graduationDate) throw InvalidInputError.forField('graduationDate', 'GRADUATION_DATE_REQUIRED');
  if (changes.status === StudentStatus.Withdrawn && !withdrawalDate) throw InvalidInputError.forField('withdrawalDate', 'WITHDRAWAL_DATE_REQUIRED');
}

@Injectable()
export class StudentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(Student) private readonly students: Repository<Student>,
    private readonly studentFiles: StudentFilesService,
    private readonly repository: StudentsRepository,
    private readonly cohorts: CohortsService,
    private readonly attendance: AttendanceService,
  ) {}

  /** A page of students with their paid totals, read by the statement that reads the page (one round trip). */
  async list(query: ListQueryDto): Promise<Page<StudentWithTotals>> {
    const { extras, ...page } = await listPage(this.students, STUDENT_LIST, query, (rows) =>
      rows.addSelect(PAID_TOTALS_OF_STUDENT, 'paidTotals').setParameter('paidStatus', PaymentStatus.Completed),
    );
    return {
      ...page,
      rows: page.rows.map((student, index) => ({
        student,
        paidTotals: (extras[index]!.paidTotals as Array<{ currency: string; amount: number | string }>).map(({ currency, amount }) => ({ currency, amount: Number(amount) })),
      })),
    };
  }

  async find(id: string): Promise<Student> {
    const student = await this.students.findOneBy({ id });
    if (!student) throw new StudentError('STUDENT_NOT_FOUND');
    return student;
  }

  async findWithTotals(id: string): Promise<StudentWithTotals> {
    const student = await this.find(id);
    const [paidTotals, pendingTotals, enrolledFrom, attendance, lastClassDay] = await Promise.all([
      this.repository.paidTotalsOf([id]),
      this.repository.paidTotalsOf([id], PaymentStatus.Pending),
      this.repository.enrolledFromOf(id),
      this.attendance.summaryOf(id),
      this.cohortLastDayOf(student),
    ]);
    const graduation = graduationOf(student, lastClassDay);
    return { student, paidTotals: paidTotals.get(id) ?? [], pendingTotals: pendingTotals.get(id) ?? [], enrolledFrom, attendance, graduation };
  }

  /** The last class day of the student's cohort: graduating by it is on time (docs/product/outcomes.md#graduation). */
  private async cohortLastDayOf(student: Student): Promise<string | null> {
    if (!student.cohortId) return null;
    const cohort = await this.dataSource.getRepository(Cohort).findOneBy({ id: student.cohortId });
    return cohort ? cohortLastDay(cohort.startDate, cohort.moduleDays, cohort.daysOff) : null;
  }

  /** 404 unless the student exists: for the records that point at one (contracts, payments, accounts). */
  async assertExists(id: string): Promise<void> {
    if (!(await this.students.existsBy({ id }))) throw new StudentError('STUDENT_NOT_FOUND');
  }

  /** Adds a student; with `manager`, inside the caller's transaction (enrolling a lead, enrolment.service.ts). */
  async create(dto: CreateStudentDto, now = new Date(), manager?: EntityManager): Promise<Student> {
    // Today in China: the column's CURRENT_DATE would follow the database server's time zone.
    const enrollmentDate = dto.enrollmentDate ?? formatIsoDate(now);
    assertGraduationDates(changesOf(dto), null, enrollmentDate);
    await this.studentFiles.assertUploaded('profilePhoto', [dto.profilePhoto]);
    const write = async (transaction: EntityManager) => {
      // A seat in the cohort is taken with the row locked until the student is stored (docs/product/cohorts.md).
      if (dto.cohortId) await this.cohorts.takeSeat(transaction, dto.cohortId);
      const students = transaction.getRepository(Student);
      const inserted = await students.insert({ ...changesOf(dto), enrollmentDate });
      return students.findOneByOrFail({ id: String(inserted.identifiers[0]!.id) });
    };
    return manager ? write(manager) : this.dataSource.transaction(write);
  }

  async update(id: string, dto: UpdateStudentDto): Promise<Student> {
    const before = await this.find(id);
    const changes = changesOf(dto);
    assertGraduationDates(changes, before, changes.enrollmentDate ?? before.enrollmentDate);
    await this.studentFiles.assertUploaded('profilePhoto', [changes.profilePhoto], [before.profilePhoto]);
    if (changes.cohortId && changes.cohortId !== before.cohortId) {
      const cohortId = changes.cohortId;
      await this.dataSource.transaction(async (transaction) => {
        await this.cohorts.takeSeat(transaction, cohortId);
        await transaction.getRepository(Student).update({ id }, changes);
      });
    } else if (Object.keys(changes).length > 0) await this.students.update({ id }, changes);
    // A replaced or removed photo leaves storage (docs/product/students.md#file-lifecycle).
    const droppedPhoto = changes.profilePhoto !== undefined && before.profilePhoto !== changes.profilePhoto ? before.profilePhoto : null;
    const droppedKey = droppedPhoto ? fileKeyOfAccessUrl(droppedPhoto) : undefined;
    if (droppedKey) await this.studentFiles.removeObjects([droppedKey]);
    return this.find(id);
  }

  /**
   * Deletes the student with every contract, payment and account (the foreign keys cascade) and every stored
   * file. Files go first: if the rows then fail to go, the record points at missing files, which is harmless;
   * the other order could leave personal files with no record to find them by.
   */
  async remove(id: string): Promise<Student> {
    const student = await this.find(id);
    await this.studentFiles.removeObjects((await this.studentFiles.refsOf(id, student.profilePhoto)).map((ref) => ref.key));
    await this.students.delete({ id });
    return student;
  }

  /** PIPL erasure of every student with this phone or email (the erase-person action); the count erased. */
  async eraseMatching(phoneNormalized: string | null, email: string | null): Promise<number> {
    const matches = await this.repository.idsOfPerson(phoneNormalized, email);
    for (const id of matches) await this.remove(id);
    return matches.length;
  }

  /** PIPL export: everything stored about one student, passwords excepted (only their hashes exist). */
  async export(id: string, now = new Date()): Promise<StudentExport> {
    const student = await this.find(id);
    const [contracts, payments, accounts, refs, attendance, outcomes] = await Promise.all([
      this.dataSource.getRepository(StudentContract).find({ where: { studentId: id }, order: { createdAt: 'ASC' } }),
      this.dataSource.getRepository(StudentPayment).find({ where: { studentId: id }, order: { paymentDate: 'ASC', createdAt: 'ASC' } }),
      this.dataSource.getRepository(StudentAccount).find({ where: { studentId: id }, order: { createdAt: 'ASC' } }),
      this.studentFiles.refsOf(id, student.profilePhoto),
      this.attendance.marksOf(id),
      this.dataSource.getRepository(StudentOutcome).find({ where: { studentId: id }, order: { date: 'ASC', createdAt: 'ASC' } }),
    ]);
    const evidenceOf = await this.studentFiles.ofOutcomes(outcomes.map((outcome) => outcome.id));
    const filesOf = new Map<string, StudentFile[]>();
    for (const ref of refs) if (ref.file?.contractId) filesOf.set(ref.file.contractId, [...(filesOf.get(ref.file.contractId) ?? []), ref.file]);
    const paid = new Map<string, number>();
    for (const payment of payments) {
      if (payment.contractId && payment.status === PaymentStatus.Completed && payment.kind === PaymentKind.Tuition) paid.set(payment.contractId, (paid.get(payment.contractId) ?? 0) + payment.amount);
    }
    const { paidTotals: _omitted, ...record } = toStudentResponse(student, [], 'full');
    return {
      exportedAt: now.toISOString(),
      student: record,
      contracts: contracts.map((contract) => toContractResponse(contract, paid.get(contract.id) ?? 0, filesOf.get(contract.id))),
      payments: payments.map(toPaymentResponse),
      accounts: accounts.map(toStudentAccountResponse),
      files: await Promise.all(
        refs.map(async (ref) => ({
          accessURL: ref.accessURL,
          usedAs: ref.usedAs,
          contractId: ref.file?.contractId ?? null,
          originalName: ref.file?.originalName ?? null,
          size: await this.studentFiles.sizeOf(ref.key),
        })),
      ),
      attendance,
      outcomes: outcomes.map((outcome) => toOutcomeResponse(outcome, evidenceOf.get(outcome.id))),
    };
  }
}
