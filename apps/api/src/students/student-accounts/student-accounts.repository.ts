import { StudentAccount } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { listPage, type Page } from '../../common/list/list-page';
import type { ListQueryDto } from '../../common/list/list-query.dto';
import type { ListSpec } from '../../common/list/list-query';
import { STUDENT_ACCOUNT_KINDS, STUDENT_ACCOUNT_STATUSES } from '@aipm/contracts';

const ACCOUNT_LIST: ListSpec = {
  alias: 'account',
  sortable: ['createdAt', 'updatedAt', 'id', 'kind', 'username', 'email', 'status', 'lastLogin'],
  searchable: ['username', 'email'],
  statuses: STUDENT_ACCOUNT_STATUSES,
  enumFilters: { kind: STUDENT_ACCOUNT_KINDS },
  uuidFilters: ['studentId'],
};

/** What an insert or an update writes (the id and times are the table's). */
export type AccountFields = Partial<Pick<StudentAccount, 'studentId' | 'kind' | 'username' | 'email' | 'password' | 'status'>>;

/**
 * The `student_accounts` table (ADR 044 style): the rules of a kind are StudentAccountsService's; uniqueness of a
 * login's username and email is the database's (partial unique indexes, ADR 045).
 */
@Injectable()
export class StudentAccountsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get table(): Repository<StudentAccount> {
    return this.dataSource.getRepository(StudentAccount);
  }

  list(query: ListQueryDto): Promise<Page<StudentAccount>> {
    return listPage(this.table, ACCOUNT_LIST, query);
  }

  find(id: string): Promise<StudentAccount | null> {
    return this.table.findOneBy({ id });
  }

  ofStudent(studentId: string): Promise<StudentAccount[]> {
    return this.table.find({ where: { studentId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  async insert(fields: AccountFields): Promise<string> {
    return String((await this.table.insert(fields)).identifiers[0]!.id);
  }

  async update(id: string, fields: AccountFields): Promise<void> {
    await this.table.update({ id }, fields);
  }

  async delete(id: string): Promise<void> {
    await this.table.delete({ id });
  }
}
