import { fileKeyOfAccessUrl } from '@aipm/contracts';
import { Student, StudentContract } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { FileStore } from '../uploads/file-store';

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
  ) {}

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
    await this.files.remove([...new Set(candidates)].filter((key) => !still.has(key)));
  }

  async sizeOf(key: string): Promise<number | null> {
    return (await this.files.stat(key))?.size ?? null;
  }

  remove(keys: readonly string[]): Promise<void> {
    return this.files.remove([...new Set(keys)]);
  }
}
