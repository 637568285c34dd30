import {
  attendanceRate,
  balanceOf,
  calendarByModule,
  cohortCalendar,
  fileKeyOfAccessUrl,
  formatIsoDate,
  guaranteeNeedOf,
  type MyAttendance,
  type MyCohort,
  type MyContract,
  type MyGuarantee,
  type MyPayments,
  type MyRecordResponse,
  studentFilePath,
  sumMoneyTotals,
} from '@aipm/contracts';
import { Injectable } from '@nestjs/common';
import { AttendanceService } from '../../cohorts/attendance/attendance.service';
import { CohortsService } from '../../cohorts/cohorts.service';
import { GuaranteeService } from '../../guarantee/guarantee.service';
import { toContractResponse } from '../../students/contracts/contract.mapper';
import { StudentFilesService } from '../../students/files/student-files.service';
import { StudentError } from '../../students/student.error';
import { StudentsRepository } from '../../students/students.repository';
import { StudentsService } from '../../students/students.service';
import { MyRecordRepository } from './my-record.repository';

/**
 * What a signed-in student sees of their own records (docs/product/student-portal.md#what-the-student-sees, ADR 067),
 * always by the session's student id. Each figure is the back office's own: the card's totals and attendance
 * (StudentsService), paid against due (the contracts' mapper over StudentsRepository), the calendar (cohortCalendar),
 * the guarantee ledger's entry (GuaranteeService, guaranteeStatusOf); only the wording for a student is added here.
 */
@Injectable()
export class MyRecordService {
  constructor(
    private readonly mine: MyRecordRepository,
    private readonly students: StudentsService,
    private readonly studentRecords: StudentsRepository,
    private readonly studentFiles: StudentFilesService,
    private readonly cohorts: CohortsService,
    private readonly attendance: AttendanceService,
    private readonly guarantee: GuaranteeService,
  ) {}

  async record(studentId: string, now = new Date()): Promise<MyRecordResponse['data']> {
    const today = formatIsoDate(now);
    const [card, contracts, payments, toolAccounts, marks, ledger] = await Promise.all([
      this.students.findWithTotals(studentId),
      this.contractsOf(studentId),
      this.mine.paymentsOf(studentId),
      this.mine.toolAccountsOf(studentId),
      this.attendance.marksOf(studentId),
      this.guarantee.entries(now),
    ]);
    const { student } = card;
    const cohort = student.cohortId ? (await this.cohorts.find(student.cohortId)).cohort : null;
    const calendar = cohort ? cohortCalendar(cohort.startDate, cohort.moduleDays, cohort.daysOff) : [];
    const myCohort: MyCohort | null = cohort && {
      name: cohort.name,
      startDate: cohort.startDate,
      endDate: calendar.at(-1)?.date ?? cohort.startDate,
      status: cohort.status,
      modules: calendarByModule(calendar),
      todayClassDay: calendar.find((day) => day.date === today) ?? null,
    };

    const classDays = new Map(calendar.map((day) => [day.date, day]));
    const summary = card.attendance ?? { attended: 0, marked: 0 };
    const attendance: MyAttendance = {
      ...summary,
      rate: attendanceRate(summary),
      days: [...marks].reverse().map(({ cohortId, date, mark }) => {
        const day = cohortId === student.cohortId ? classDays.get(date) : undefined;
        return { date, mark, module: day?.module ?? null, dayOfModule: day?.dayOfModule ?? null };
      }),
    };

    const myPayments: MyPayments = {
      items: payments.map(({ id, paymentNumber, kind, amount, currency, paymentMethod, paymentDate, status }) => ({ id, paymentNumber, kind, amount, currency, paymentMethod, paymentDate, status })),
      // The card's 合计 (docs/product/students.md#payments-total): completed and pending tuition.
      total: sumMoneyTotals([card.paidTotals, card.pendingTotals ?? []]),
      completed: card.paidTotals,
      pending: card.pendingTotals ?? [],
      balance: balanceOf(contracts),
    };

    const order = new Map(contracts.map((contract, index) => [contract.id, index]));
    const guarantee: MyGuarantee[] = ledger
      .filter((entry) => entry.studentId === studentId)
      .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
      .map((entry) => ({ contractNumber: entry.contractNumber, status: entry.status, windowEnd: entry.windowEnd, need: guaranteeNeedOf(entry) }));

    return { today, name: student.name, status: student.status, cohort: myCohort, attendance, contracts, payments: myPayments, toolAccounts, guarantee };
  }

  /** The storage key of one of the student's own contract files; STUDENT_FILE_NOT_FOUND (404) for any other id. */
  async contractFileKey(studentId: string, fileId: string): Promise<string> {
    const file = await this.mine.contractFileOf(studentId, fileId);
    const key = file ? fileKeyOfAccessUrl(file.accessUrl) : undefined;
    if (!key) throw new StudentError('STUDENT_FILE_NOT_FOUND');
    return key;
  }

  /** The student's contracts with paid against due (the contracts' own mapper) and their files, oldest first. */
  private async contractsOf(studentId: string): Promise<MyContract[]> {
    const contracts = await this.mine.contractsOf(studentId);
    const ids = contracts.map((contract) => contract.id);
    const [paid, files] = await Promise.all([this.studentRecords.paidOfContracts(ids), this.studentFiles.ofContracts(ids)]);
    return contracts.map((entity) => {
      const contract = toContractResponse(entity, paid.get(entity.id) ?? 0, files.get(entity.id) ?? []);
      return {
        id: contract.id,
        contractNumber: contract.contractNumber,
        courseName: contract.courseName,
        contractAmount: contract.contractAmount,
        currency: contract.currency,
        startDate: contract.startDate,
        endDate: contract.endDate,
        signedDate: contract.signedDate,
        status: contract.status,
        paidAmount: contract.paidAmount,
        outstandingAmount: contract.outstandingAmount,
        guaranteed: contract.guaranteed,
        // Evidence of an outcome is never a contract's file; the download is the student realm's own route.
        files: contract.files.map((file) => ({ id: file.id, name: file.originalName, size: file.size, contentType: file.contentType, url: studentFilePath(file.id) })),
      };
    });
  }
}
