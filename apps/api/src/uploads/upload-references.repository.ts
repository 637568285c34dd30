import { fileKeyOfAccessUrl } from '@aipm/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/**
 * Which stored files the records point at (ADR 019, ADR 044, ADR 045): a student's photo and their files. A read of the students' tables for the sweeper alone; the rule of what is abandoned is UploadSweeper's.
 */
@Injectable()
export class UploadReferencesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Every key a student's photo or one of their files (student_files, a contract's or other documents) points at. */
  async referencedKeys(): Promise<Set<string>> {
    const rows: { url: string }[] = await this.dataSource.query(
      `SELECT "profilePhoto" AS "url" FROM "students" WHERE "profilePhoto" IS NOT NULL
       UNION SELECT "accessUrl" FROM "student_files"`,
    );
    return new Set(rows.map((row) => fileKeyOfAccessUrl(row.url)).filter((key): key is string => !!key));
  }
}
