import { fileKeyOfAccessUrl } from '@aipm/contracts';
import { Student, StudentContract } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { InvalidInputError } from '../common/errors/api.error';
import { FileStore } from '../uploads/file-store';
import { StoredUploadsRepository } from '../uploads/stored-uploads.repository';

/** Where a student's stored files are referenced from. */
export interface StudentFileRef {
  key: string;
  accessURL: string;
  usedAs: 'profilePhoto' | 'contractFile' | 'contract';
}

/**
 * Which stored files belong to a student (photo, the card's contract files, the contracts' files) and their
 * removal: a file leaves storage when no record of the student points at it any more, and all of them go when
 * the student is deleted or erased (PIPL).
 */
@Injectable()
export class StudentFilesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly files: FileStore,
    private readonly stored: StoredUploadsRepository,
  ) {}

  /**
   * A record may point only at files the upload confirm step stored (ADR 036); those it already points at
   * (`kept`) are not asked again. The folder of an access URL, checked by the body's rules, is its kind.
   */
  async assertUploaded(field: string, accessURLs: readonly (string | null | undefined)[], kept: readonly (string | null | undefined)[] = []): Promise<void> {
    const keptUrls = new Set(kept);
    const keys = accessURLs.filter((url): url is string => !!url && !keptUrls.has(url)).map((url) => fileKeyOfAccessUrl(url)).filter((key): key is string => !!key);
    if ((await this.stored.unconfirmedAmong([...new Set(keys)])).length > 0) throw InvalidInputError.forField(field, 'FILE_NOT_UPLOADED');
  }

  async refsOf(studentId: string, manager: EntityManager = this.dataSource.manager): Promise<StudentFileRef[]> {
    const student = await manager.findOneBy(Student, { id: studentId });
    if (!student) return [];
    const contracts = await manager.find(StudentContract, { where: { studentId }, select: { id: true, contractFile: true } });
    const refs: StudentFileRef[] = [];
    const add = (accessURL: string | null | undefined, usedAs: StudentFileRef['usedAs']) => {
      const key = accessURL ? fileKeyOfAccessUrl(accessURL) : undefined;
      if (key && accessURL) refs.push({ key, accessURL, usedAs });
    };
    add(student.profilePhoto, 'profilePhoto');
    for (const url of student.contractFiles ?? []) add(url, 'contractFile');
    for (const contract of contracts) add(contract.contractFile, 'contract');
    return refs;
  }

  /** Removes those of `accessURLs` that no record of the student points at any more. */
  async removeUnreferenced(studentId: string, accessURLs: readonly (string | null | undefined)[]): Promise<void> {
    const candidates = accessURLs.map((url) => (url ? fileKeyOfAccessUrl(url) : undefined)).filter((key): key is string => !!key);
    if (candidates.length === 0) return;
    const still = new Set((await this.refsOf(studentId)).map((ref) => ref.key));
    await this.remove([...new Set(candidates)].filter((key) => !still.has(key)));
  }

  async sizeOf(key: string): Promise<number | null> {
    return (await this.files.stat(key))?.size ?? null;
  }

  /** Removes the files, then their confirmations: a record can no longer be pointed at them. */
  async remove(keys: readonly string[]): Promise<void> {
    const unique = [...new Set(keys)];
    await this.files.remove(unique);
    await this.stored.forget(unique);
  }
}
