import { ATTENDED_MARKS, type AttendanceDayResponse, type AttendanceMark, type AttendanceSummary, type ClassDay, cohortCalendar, formatIsoDate, isCalendarDate } from '@aipm/contracts';
import { Attendance, Cohort } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import { InvalidInputError } from '../../common/errors/api.error';
import { CohortError } from '../cohort.error';

/**
 * The class day a grid opens on: the given one; without one, today when it is a class day, else the last class
 * day before today, else the first (a cohort that has not started).
 */
export function dayToOpen(calendar: readonly ClassDay[], today: string): ClassDay {
  return calendar.find((day) => day.date === today) ?? calendar.filter((day) => day.date < today).at(-1) ?? calendar[0]!;
}

/** Attendance (考勤, docs/product/cohorts.md#attendance): one class day's grid, one mark at a time, audited. */
@Injectable()
export class AttendanceService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  async day(cohortId: string, date: string | undefined, now = new Date()): Promise<AttendanceDayResponse> {
    if (date !== undefined && !isCalendarDate(date)) throw InvalidInputError.forField('date', 'INVALID_ATTENDANCE_DATE');
    const cohort = await this.cohort(this.dataSource.manager, cohortId);
    const calendar = cohortCalendar(cohort.startDate, cohort.moduleDays, cohort.daysOff);
    const day = date === undefined ? dayToOpen(calendar, formatIsoDate(now)) : calendar.find((classDay) => classDay.date === date);
    if (!day) throw InvalidInputError.forField('date', 'NOT_A_CLASS_DAY');
    const students: Array<{ studentId: string; name: string; mark: AttendanceMark | null }> = await this.dataSource.query(
      `SELECT s."id" AS "studentId", s."name", a."mark"
       FROM "students" s LEFT JOIN "attendance" a ON a."studentId" = s."id" AND a."cohortId" = $1 AND a."date" = $2
       WHERE s."cohortId" = $1 ORDER BY s."name", s."id"`,
      [cohortId, day.date],
    );
    return { cohortId, date: day.date, module: day.module, dayOfModule: day.dayOfModule, students };
  }

  /** Sets (or, with null, clears) one mark; refused for a day outside the cohort's calendar or a student outside it. */
  async mark(cohortId: string, date: string, studentId: string, mark: AttendanceMark | null, request: Request): Promise<AttendanceMark | null> {
    if (!isCalendarDate(date)) throw InvalidInputError.forField('date', 'INVALID_ATTENDANCE_DATE');
    return this.dataSource.transaction(async (manager) => {
      const cohort = await this.cohort(manager, cohortId);
      if (!cohortCalendar(cohort.startDate, cohort.moduleDays, cohort.daysOff).some((day) => day.date === date)) throw InvalidInputError.forField('date', 'NOT_A_CLASS_DAY');
      const [student]: { id: string }[] = await manager.query(`SELECT "id" FROM "students" WHERE "id" = $1 AND "cohortId" = $2`, [studentId, cohortId]);
      if (!student) throw new CohortError('STUDENT_NOT_IN_COHORT');
      const marks = manager.getRepository(Attendance);
      const before = (await marks.findOneBy({ cohortId, date, studentId }))?.mark ?? null;
      if (before === mark) return mark;
      if (mark === null) await marks.delete({ cohortId, date, studentId });
      else await marks.upsert({ cohortId, date, studentId, mark }, ['cohortId', 'date', 'studentId']);
      await this.audit.record(
        request,
        { action: 'attendance.mark', entity: 'attendance', entityId: studentId, before: { mark: before }, after: { mark }, details: { cohortId, date } },
        { manager },
      );
      return mark;
    });
  }

  /** Every mark of one student, oldest day first: their PIPL export. */
  async marksOf(studentId: string): Promise<Array<{ cohortId: string; date: string; mark: AttendanceMark }>> {
    const marks = await this.dataSource.getRepository(Attendance).find({ where: { studentId }, order: { date: 'ASC', cohortId: 'ASC' } });
    return marks.map(({ cohortId, date, mark }) => ({ cohortId, date, mark }));
  }

  /** Each student's attended (出勤, 迟到) and marked days, over every cohort they were marked in. */
  async summaryOf(studentId: string): Promise<AttendanceSummary> {
    const [row]: Array<{ attended: number; marked: number }> = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE "mark" = ANY($2::varchar[]))::int AS "attended", count(*)::int AS "marked" FROM "attendance" WHERE "studentId" = $1`,
      [studentId, ATTENDED_MARKS],
    );
    return { attended: row?.attended ?? 0, marked: row?.marked ?? 0 };
  }

  private async cohort(manager: EntityManager, id: string): Promise<Cohort> {
    const cohort = await manager.getRepository(Cohort).findOneBy({ id });
    if (!cohort) throw new CohortError('COHORT_NOT_FOUND');
    return cohort;
  }
}
