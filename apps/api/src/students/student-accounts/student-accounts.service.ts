import { STUDENT_LIMITS, StudentAccountKind } from '@aipm/contracts';
import type { CreateStudentAccountDto, UpdateStudentAccountDto } from '@aipm/contracts/dto';
import type { StudentAccount } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { PasswordHasher } from '../../auth/password-hasher';
import { InvalidInputError } from '../../common/errors/api.error';
import { violatedUniqueConstraint } from '../../common/errors/unique-violation';
import type { Page } from '../../common/list/list-page';
import type { ListQueryDto } from '../../common/list/list-query.dto';
import { StudentError } from '../student.error';
import { StudentsService } from '../students.service';
import { type AccountFields, StudentAccountsRepository } from './student-accounts.repository';

const TAKEN: Record<string, 'USERNAME_TAKEN' | 'ACCOUNT_EMAIL_TAKEN'> = {
  UQ_student_accounts_username: 'USERNAME_TAKEN',
  UQ_student_accounts_email: 'ACCOUNT_EMAIL_TAKEN',
};

/** What an account will be after a change: the fields a kind's rules look at. */
type AccountShape = Pick<StudentAccount, 'kind' | 'username' | 'email'> & { hasPassword: boolean; passwordGiven: boolean };

/**
 * A kind's rules (ADR 045, docs/product/students.md#student-accounts): a student login has a username of 3 to 64,
 * an email and a password; a tool account has its text and no password (its email is optional).
 */
function assertKindRules(account: AccountShape): void {
  if (account.kind !== StudentAccountKind.StudentLogin) {
    if (account.passwordGiven) throw InvalidInputError.forField('password', 'PASSWORD_NOT_FOR_TOOL_ACCOUNT');
    return;
  }
  if (account.username.length < STUDENT_LIMITS.usernameMin) throw InvalidInputError.forField('username', 'USERNAME_TOO_SHORT');
  if (account.username.length > STUDENT_LIMITS.usernameMax) throw InvalidInputError.forField('username', 'USERNAME_TOO_LONG');
  if (!account.email) throw InvalidInputError.forField('email', 'ACCOUNT_EMAIL_REQUIRED');
  if (!account.hasPassword) throw InvalidInputError.forField('password', 'ACCOUNT_PASSWORD_REQUIRED');
}

/**
 * A student's accounts (the accounts sub-tab and the card's 工具账号). Login passwords are hashed with the
 * administrator's argon2id hasher before they reach the table and never leave it; uniqueness of a login's username
 * and email is the database's (two simultaneous creates cannot both win).
 */
@Injectable()
export class StudentAccountsService {
  constructor(
    private readonly accounts: StudentAccountsRepository,
    private readonly students: StudentsService,
    private readonly hasher: PasswordHasher,
  ) {}

  list(query: ListQueryDto): Promise<Page<StudentAccount>> {
    return this.accounts.list(query);
  }

  async find(id: string): Promise<StudentAccount> {
    const account = await this.accounts.find(id);
    if (!account) throw new StudentError('ACCOUNT_NOT_FOUND');
    return account;
  }

  async create(dto: CreateStudentAccountDto): Promise<StudentAccount> {
    const kind = dto.kind ?? StudentAccountKind.StudentLogin;
    assertKindRules({ kind, username: dto.username, email: dto.email ?? null, hasPassword: dto.password !== undefined, passwordGiven: dto.password !== undefined });
    await this.students.assertExists(dto.studentId);
    const password = dto.password === undefined ? null : await this.hasher.hash(dto.password);
    const id = await this.saving(() => this.accounts.insert({ ...dto, kind, email: dto.email ?? null, password }));
    return this.find(id);
  }

  async update(id: string, dto: UpdateStudentAccountDto): Promise<StudentAccount> {
    const before = await this.find(id);
    assertKindRules({
      kind: before.kind,
      username: dto.username ?? before.username,
      email: dto.email === undefined ? before.email : dto.email,
      hasPassword: dto.password !== undefined || before.password !== null,
      passwordGiven: dto.password !== undefined,
    });
    const changes: AccountFields = Object.fromEntries(Object.entries(dto).filter(([, value]) => value !== undefined));
    if (dto.password !== undefined) changes.password = await this.hasher.hash(dto.password);
    if (Object.keys(changes).length > 0) await this.saving(() => this.accounts.update(id, changes));
    return this.find(id);
  }

  async remove(id: string): Promise<StudentAccount> {
    const account = await this.find(id);
    await this.accounts.delete(id);
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
