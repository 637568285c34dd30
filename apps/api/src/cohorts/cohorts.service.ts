import { COHORT_STATUSES, cohortLastDay, CohortStatus, DEFAULT_MODULE_DAYS } from '@aipm/contracts';
import type { CreateCohortDto, UpdateCohortDto } from '@aipm/contracts/dto';
import { Cohort } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { violatedUniqueConstraint } from '../common/errors/unique-violation';
import { listPage, type Page } from '../common/list/list-page';
import type { ListQueryDto } from '../common/list/list-query.dto';
import type { ListSpec } from '../common/list/list-query';
import { CohortError } from './cohort.error';

export const COHORT_LIST: ListSpec = {
  alias: 'cohort',
  sortable: ['startDate', 'name', 'status', 'capacity', 'createdAt', 'updatedAt', 'id'],
  searchable: ['name'],
  statuses: COHORT_STATUSES,
  // The next cohort first: a school plans by start date.
  defaultSort: ['startDate', 'DESC'],
};

/** Students in the cohort of the list's row (alias `cohort`): part of the page's statement, one round trip. */
const SEATS_OF_COHORT = `(SELECT count(*)::int FROM "students" seated WHERE seated."cohortId" = ${COHORT_LIST.alias}.id)`;

export interface CohortWithSeats {
  cohort: Cohort;
  seatsTaken: number;
}

/** Days off stored once each and in order, whatever the form sent. */
const tidyDaysOff = (days: readonly string[]) => [...new Set(days)].sort();

/** Cohorts (期次, docs/product/cohorts.md): the list with seats taken, add, change, delete; a student's seat. */
@Injectable()
export class CohortsService {
  constructor(@InjectRepository(Cohort) private readonly cohorts: Repository<Cohort>) {}

  async list(query: ListQueryDto): Promise<Page<CohortWithSeats>> {
    const { extras, ...page } = await listPage(this.cohorts, COHORT_LIST, query, (rows) => rows.addSelect(SEATS_OF_COHORT, 'seatsTaken'));
    return { ...page, rows: page.rows.map((cohort, index) => ({ cohort, seatsTaken: Number(extras[index]!.seatsTaken) })) };
  }

  async find(id: string, manager?: EntityManager): Promise<CohortWithSeats> {
    const cohort = await (manager?.getRepository(Cohort) ?? this.cohorts).findOneBy({ id });
    if (!cohort) throw new CohortError('COHORT_NOT_FOUND');
    return { cohort, seatsTaken: await this.seatsTaken(id, manager) };
  }

  async create(dto: CreateCohortDto): Promise<CohortWithSeats> {
    const id = await this.named(async () => {
      const inserted = await this.cohorts.insert({
        name: dto.name,
        startDate: dto.startDate,
        capacity: dto.capacity,
        moduleDays: dto.moduleDays ?? [...DEFAULT_MODULE_DAYS],
        daysOff: tidyDaysOff(dto.daysOff ?? []),
        status: dto.status ?? CohortStatus.Enrolling,
      });
      return String(inserted.identifiers[0]!.id);
    });
    return this.find(id);
  }

  /** A capacity below the students already in the cohort is refused; the row is locked while that is checked. */
  async update(id: string, dto: UpdateCohortDto): Promise<CohortWithSeats> {
    await this.named(() =>
      this.cohorts.manager.transaction(async (manager) => {
        const { cohort, seatsTaken } = await this.lockedWithSeats(manager, id);
        if (dto.capacity !== undefined && dto.capacity < seatsTaken) throw new CohortError('CAPACITY_BELOW_SEATS');
        const changes: Partial<Cohort> = {};
        for (const field of ['name', 'startDate', 'capacity', 'moduleDays', 'status'] as const) {
          if (dto[field] !== undefined) (changes as Record<string, unknown>)[field] = dto[field];
        }
        if (dto.daysOff !== undefined) changes.daysOff = tidyDaysOff(dto.daysOff);
        if (Object.keys(changes).length > 0) await manager.getRepository(Cohort).update({ id: cohort.id }, changes);
      }),
    );
    return this.find(id);
  }

  async remove(id: string): Promise<CohortWithSeats> {
    return this.cohorts.manager.transaction(async (manager) => {
      const found = await this.lockedWithSeats(manager, id);
      if (found.seatsTaken > 0) throw new CohortError('COHORT_HAS_STUDENTS');
      await manager.getRepository(Cohort).delete({ id });
      return found;
    });
  }

  /**
   * Holds a seat for a student joining the cohort, inside the caller's transaction: the cohort's row stays
   * locked until it commits, so two students cannot both take its last seat.
   */
  async takeSeat(manager: EntityManager, cohortId: string): Promise<void> {
    const { cohort, seatsTaken } = await this.lockedWithSeats(manager, cohortId);
    if (seatsTaken >= cohort.capacity) throw new CohortError('COHORT_FULL');
  }

  /**
   * The next open cohort: 招生中 and starting today (China time) or later, the earliest first. The public site
   * words its next cohort from it (docs/product/cohorts.md#the-next-cohort-on-the-site).
   */
  async nextOpen(today: string): Promise<Cohort | null> {
    return this.cohorts
      .createQueryBuilder('cohort')
      .where('cohort.status = :status', { status: CohortStatus.Enrolling })
      .andWhere('cohort."startDate" >= :today', { today })
      .orderBy('cohort."startDate"', 'ASC')
      .addOrderBy('cohort."createdAt"', 'ASC')
      .getOne();
  }

  /**
   * Every cohort's last class day, by cohort id (the entity's transformer gives the days off as YYYY-MM-DD): the
   * guarantee ledger and the outcomes report time graduations against it, computed once per read.
   */
  async lastClassDays(): Promise<Map<string, string>> {
    const cohorts = await this.cohorts.find({ select: { id: true, startDate: true, moduleDays: true, daysOff: true } });
    return new Map(cohorts.map((cohort) => [cohort.id, cohortLastDay(cohort.startDate, cohort.moduleDays, cohort.daysOff)]));
  }

  private async lockedWithSeats(manager: EntityManager, id: string): Promise<CohortWithSeats> {
    const cohort = await manager.getRepository(Cohort).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!cohort) throw new CohortError('COHORT_NOT_FOUND');
    return { cohort, seatsTaken: await this.seatsTaken(id, manager) };
  }

  private async seatsTaken(id: string, manager: EntityManager = this.cohorts.manager): Promise<number> {
    const [row]: { seats: number }[] = await manager.query(`SELECT count(*)::int AS "seats" FROM "students" WHERE "cohortId" = $1`, [id]);
    return row?.seats ?? 0;
  }

  /** A second cohort of the same name answers COHORT_NAME_TAKEN (the unique index says so, race-free). */
  private async named<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (violatedUniqueConstraint(error) === 'UQ_cohorts_name') throw new CohortError('COHORT_NAME_TAKEN');
      throw error;
    }
  }
}
