import { fileKeyOfAccessUrl } from '@aipm/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/**
 * Which stored files the records point at (ADR 019, ADR 044): a student's photo and card files, a contract's
 * file. A read of the students' tables for the sweeper alone; the rule of what is abandoned is UploadSweeper's.
 */
@Injectable()
export class UploadReferencesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Every key a student (photo, card files) or a contract points at. */
  async referencedKeys(): Promise<Set<string>> {
    const rows: { url: string }[] = await this.dataSource.query(
      `SELECT "profilePhoto" AS "url" FROM "students" WHERE "profilePhoto" IS NOT NULL
       UNION SELECT unnest("contractFiles") FROM "students"
       UNION SELECT "contractFile" FROM "student_contracts" WHERE "contractFile" IS NOT NULL`,
    );
    return new Set(rows.map((row) => fileKeyOfAccessUrl(row.url)).filter((key): key is string => !!key));
  }
}
