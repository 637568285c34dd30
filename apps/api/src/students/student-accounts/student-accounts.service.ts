import { STUDENT_ACCOUNT_STATUSES } from '@aipm/contracts';
import type { CreateStudentAccountDto, UpdateStudentAccountDto } from '@aipm/contracts/dto';
import { StudentAccount } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { PasswordHasher } from '../../auth/password-hasher';
import { violatedUniqueConstraint } from '../../common/errors/unique-violation';
import { listPage, type Page } from '../../common/list/list-page';
import type { ListQueryDto } from '../../common/list/list-query.dto';
import type { ListSpec } from '../../common/list/list-query';
import { StudentError } from '../student.error';
import { StudentsService } from '../students.service';

const ACCOUNT_LIST: ListSpec = {
  alias: 'account',
  sortable: ['createdAt', 'updatedAt', 'id', 'username', 'email', 'status', 'lastLogin'],
  searchable: ['username', 'email'],
  statuses: STUDENT_ACCOUNT_STATUSES,
  uuidFilters: ['studentId'],
};

const TAKEN: Record<string, 'USERNAME_TAKEN' | 'ACCOUNT_EMAIL_TAKEN'> = {
  UQ_student_accounts_username: 'USERNAME_TAKEN',
  UQ_student_accounts_email: 'ACCOUNT_EMAIL_TAKEN',
};

/**
 * Student logins (the accounts sub-tab). Passwords are hashed with the administrator's argon2id hasher before
 * they reach the table and never leave it; uniqueness is the database's (two simultaneous creates cannot both win).
 */
@Injectable()
export class StudentAccountsService {
  constructor(
    @InjectRepository(StudentAccount) private readonly accounts: Repository<StudentAccount>,
    private readonly students: StudentsService,
    private readonly hasher: PasswordHasher,
  ) {}

  list(query: ListQueryDto): Promise<Page<StudentAccount>> {
    return listPage(this.accounts, ACCOUNT_LIST, query);
  }

  async find(id: string): Promise<StudentAccount> {
    const account = await this.accounts.findOneBy({ id });
    if (!account) throw new StudentError('ACCOUNT_NOT_FOUND');
    return account;
  }

  async create(dto: CreateStudentAccountDto): Promise<StudentAccount> {
    await this.students.assertExists(dto.studentId);
    const password = await this.hasher.hash(dto.password);
    const inserted = await this.saving(() => this.accounts.insert({ ...dto, password }));
    return this.find(String(inserted.identifiers[0]!.id));
  }

  async update(id: string, dto: UpdateStudentAccountDto): Promise<StudentAccount> {
    await this.find(id);
    const changes: Partial<StudentAccount> = Object.fromEntries(Object.entries(dto).filter(([, value]) => value !== undefined));
    if (dto.password !== undefined) changes.password = await this.hasher.hash(dto.password);
    if (Object.keys(changes).length > 0) await this.saving(() => this.accounts.update({ id }, changes));
    return this.find(id);
  }

  async remove(id: string): Promise<StudentAccount> {
    const account = await this.find(id);
    await this.accounts.delete({ id });
    return account;
  }

  private async saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const code = TAKEN[violatedUniqueConstraint(error) ?? ''];
      if (code) throw new StudentError(code);
      throw error;
    }
  }
}
