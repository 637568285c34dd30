import { normalisePhone } from '@aipm/contracts';
import { type ErasePersonDto } from '@aipm/contracts/dto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { StudentsService } from '../students/students.service';

/**
 * PIPL erasure: every registration and consultation message of one person, matched by normalised phone
 * and/or email, deleted in one transaction; then every student record of that person, with their contracts,
 * payments, accounts and stored files (StudentsService.eraseMatching: files first, then the rows).
 */
@Injectable()
export class PeopleService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly students: StudentsService,
  ) {}

  async erase(dto: ErasePersonDto): Promise<{ registrations: number; messages: number; students: number }> {
    const phone = dto.phone ? normalisePhone(dto.phone) ?? null : null;
    const email = dto.email ?? null;
    const leads = await this.dataSource.transaction(async (manager) => {
      const count = async (table: string): Promise<number> => {
        // A DELETE answers [rows, affected count] through TypeORM's postgres driver.
        const [, deleted] = await manager.query<[unknown[], number]>(
          `DELETE FROM "${table}" WHERE "phoneNormalized" = $1 OR "email" = $2`,
          [phone, email]
        );
        return deleted;
      };
      return { registrations: await count('registrations'), messages: await count('contact_messages') };
    });
    return { ...leads, students: await this.students.eraseMatching(phone, email) };
  }
}
