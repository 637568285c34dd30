import { StudentFile } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { listPage, type Page } from '../../common/list/list-page';
import type { ListQueryDto } from '../../common/list/list-query.dto';
import type { ListSpec } from '../../common/list/list-query';

const FILE_LIST: ListSpec = {
  alias: 'file',
  sortable: ['createdAt', 'id', 'originalName', 'size'],
  searchable: ['originalName'],
  uuidFilters: ['studentId', 'contractId'],
  defaultSort: ['createdAt', 'ASC'],
};

/** What a new student file row holds (the id and time are the table's). */
export type NewStudentFile = Pick<StudentFile, 'studentId' | 'contractId' | 'accessUrl' | 'originalName' | 'size' | 'contentType'> &
  Partial<Pick<StudentFile, 'outcomeId' | 'evidenceKind'>>;

/** The `student_files` table (ADR 045) and the reads around it; the rules are StudentFilesService's (ADR 044 style). */
@Injectable()
export class StudentFilesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get table(): Repository<StudentFile> {
    return this.dataSource.getRepository(StudentFile);
  }

  list(query: ListQueryDto): Promise<Page<StudentFile>> {
    return listPage(this.table, FILE_LIST, query);
  }

  find(id: string): Promise<StudentFile | null> {
    return this.table.findOneBy({ id });
  }

  /** Every file of the student, oldest first. */
  ofStudent(studentId: string): Promise<StudentFile[]> {
    return this.table.find({ where: { studentId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** The files of these contracts, oldest first, per contract. */
  async ofContracts(contractIds: readonly string[]): Promise<Map<string, StudentFile[]>> {
    const byContract = new Map<string, StudentFile[]>();
    if (contractIds.length === 0) return byContract;
    const rows = await this.table.createQueryBuilder('file').where('file.contractId = ANY(:ids)', { ids: contractIds }).orderBy('file.createdAt', 'ASC').addOrderBy('file.id', 'ASC').getMany();
    for (const row of rows) byContract.set(row.contractId!, [...(byContract.get(row.contractId!) ?? []), row]);
    return byContract;
  }

  /** The evidence of these outcomes, oldest first, per outcome. */
  async ofOutcomes(outcomeIds: readonly string[]): Promise<Map<string, StudentFile[]>> {
    const byOutcome = new Map<string, StudentFile[]>();
    if (outcomeIds.length === 0) return byOutcome;
    const rows = await this.table.createQueryBuilder('file').where('file.outcomeId = ANY(:ids)', { ids: outcomeIds }).orderBy('file.createdAt', 'ASC').addOrderBy('file.id', 'ASC').getMany();
    for (const row of rows) byOutcome.set(row.outcomeId!, [...(byOutcome.get(row.outcomeId!) ?? []), row]);
    return byOutcome;
  }

  async setEvidenceKind(id: string, evidenceKind: StudentFile['evidenceKind']): Promise<void> {
    await this.table.update({ id }, { evidenceKind });
  }

  async studentExists(studentId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM "students" WHERE "id" = $1`, [studentId]);
    return rows.length > 0;
  }

  /** The student a contract belongs to; null when there is no such contract. */
  async studentOfContract(contractId: string): Promise<string | null> {
    const rows: { studentId: string }[] = await this.dataSource.query(`SELECT "studentId" FROM "student_contracts" WHERE "id" = $1`, [contractId]);
    return rows[0]?.studentId ?? null;
  }

  /** Those of these access URLs that a student file already holds. */
  async savedAmong(accessUrls: readonly string[]): Promise<string[]> {
    if (accessUrls.length === 0) return [];
    const rows: { accessUrl: string }[] = await this.dataSource.query(`SELECT "accessUrl" FROM "student_files" WHERE "accessUrl" = ANY($1::text[])`, [accessUrls]);
    return rows.map((row) => row.accessUrl);
  }

  async countOf(studentId: string): Promise<number> {
    const [{ count }]: [{ count: number }] = await this.dataSource.query(`SELECT count(*)::int AS "count" FROM "student_files" WHERE "studentId" = $1`, [studentId]);
    return count;
  }

  /**
   * Inserts the rows unless the student would then hold more than `limit` files: the student's row is locked
   * first, so two uploads at once cannot both pass the count. The ids in order, or null when over the limit;
   * a URL saved meanwhile fails on UQ_student_files_accessUrl.
   */
  insertWithin(studentId: string, rows: readonly NewStudentFile[], limit: number): Promise<string[] | null> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT 1 FROM "students" WHERE "id" = $1 FOR UPDATE`, [studentId]);
      const [{ count }]: [{ count: number }] = await manager.query(`SELECT count(*)::int AS "count" FROM "student_files" WHERE "studentId" = $1`, [studentId]);
      if (count + rows.length > limit) return null;
      const ids: string[] = [];
      // One by one, each at its own clock time (now() is the transaction's start for all): the card keeps the order.
      for (const row of rows) ids.push(String((await manager.insert(StudentFile, { ...row, createdAt: () => 'clock_timestamp()' })).identifiers[0]!.id));
      return ids;
    });
  }

  async moveTo(id: string, contractId: string | null): Promise<void> {
    await this.table.update({ id }, { contractId });
  }

  async delete(id: string): Promise<void> {
    await this.table.delete({ id });
  }
}
