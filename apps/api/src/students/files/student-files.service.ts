import { type EvidenceKind, fileKeyOfAccessUrl, STUDENT_LIMITS } from '@aipm/contracts';
import type { AttachStudentFileDto, EvidenceItem } from '@aipm/contracts/dto';
import type { StudentFile } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InvalidInputError } from '../../common/errors/api.error';
import { violatedUniqueConstraint } from '../../common/errors/unique-violation';
import type { Page } from '../../common/list/list-page';
import type { ListQueryDto } from '../../common/list/list-query.dto';
import { FileStore } from '../../uploads/file-store';
import { StoredUploadsRepository } from '../../uploads/stored-uploads.repository';
import { storedNameOf } from '../../uploads/uploads.service';
import { OutcomeError } from '../outcomes/outcome.error';
import { StudentError } from '../student.error';
import { type NewStudentFile, StudentFilesRepository } from './student-files.repository';

/** Where a student's stored files are referenced from. */
export interface StudentFileRef {
  key: string;
  accessURL: string;
  usedAs: 'profilePhoto' | 'file';
  file?: StudentFile;
}

/**
 * A student's files (ADR 045, docs/product/students.md#contract-files): each a contract's or one of the 其他文件, at
 * most 50 a student, saved only from a confirmed contract upload and named by what step 1 recorded. A file leaves
 * storage with its row; all of them go when the student is deleted or erased (PIPL).
 */
@Injectable()
export class StudentFilesService {
  constructor(
    private readonly repository: StudentFilesRepository,
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

  list(query: ListQueryDto): Promise<Page<StudentFile>> {
    return this.repository.list(query);
  }

  async find(id: string): Promise<StudentFile> {
    const file = await this.repository.find(id);
    if (!file) throw new StudentError('STUDENT_FILE_NOT_FOUND');
    return file;
  }

  ofContracts(contractIds: readonly string[]): Promise<Map<string, StudentFile[]>> {
    return this.repository.ofContracts(contractIds);
  }

  ofOutcomes(outcomeIds: readonly string[]): Promise<Map<string, StudentFile[]>> {
    return this.repository.ofOutcomes(outcomeIds);
  }

  /** Saves one confirmed upload as a file of the student (a contract's, or 其他文件). */
  async attach(dto: AttachStudentFileDto): Promise<StudentFile> {
    const [id] = await this.attachAll(dto.studentId, dto.contractId ?? null, [dto.accessURL], 'accessURL');
    return this.find(id!);
  }

  /**
   * Saves these confirmed uploads as files of the student, in order: the student must exist, the contract (if any)
   * be theirs, each URL a confirmed upload no student file holds yet, and the student stay within 50 files. `field`
   * names the body field a refusal is reported on.
   */
  async attachAll(studentId: string, contractId: string | null, accessURLs: readonly string[], field = 'files'): Promise<string[]> {
    return this.insertRows(studentId, await this.rowsFor(studentId, contractId, accessURLs, field), field);
  }

  /** Saves these confirmed uploads as the outcome's evidence, each with its kind (the checks of attachAll). */
  async attachEvidence(studentId: string, outcomeId: string, items: readonly EvidenceItem[], field = 'evidence'): Promise<string[]> {
    const kinds = new Map(items.map((item) => [item.accessURL, item.kind]));
    const rows = await this.rowsFor(studentId, null, [...kinds.keys()], field);
    return this.insertRows(studentId, rows.map((row) => ({ ...row, outcomeId, evidenceKind: kinds.get(row.accessUrl)! })), field);
  }

  /** Takes files off an outcome's evidence: their rows, then their objects (as remove does). */
  async removeEvidence(files: readonly StudentFile[]): Promise<void> {
    for (const file of files) await this.repository.delete(file.id);
    await this.removeObjects(files.map((file) => fileKeyOfAccessUrl(file.accessUrl)).filter((key): key is string => !!key));
  }

  async setEvidenceKind(id: string, kind: EvidenceKind): Promise<void> {
    await this.repository.setEvidenceKind(id, kind);
  }

  private async insertRows(studentId: string, rows: readonly NewStudentFile[], field: string): Promise<string[]> {
    if (rows.length === 0) return [];
    let ids: string[] | null;
    try {
      ids = await this.repository.insertWithin(studentId, rows, STUDENT_LIMITS.contractFiles);
    } catch (error) {
      // Saved by another call between the check and the insert.
      if (violatedUniqueConstraint(error) === 'UQ_student_files_accessUrl') throw new StudentError('FILE_ALREADY_SAVED');
      throw error;
    }
    if (!ids) throw InvalidInputError.forField(field, 'TOO_MANY_CONTRACT_FILES');
    return ids;
  }

  /** The checks of attachAll, before a record that will hold the files is written (a new contract's). */
  async assertAttachable(studentId: string, accessURLs: readonly string[], field = 'files'): Promise<void> {
    const rows = await this.rowsFor(studentId, null, accessURLs, field);
    if (rows.length > 0 && (await this.repository.countOf(studentId)) + rows.length > STUDENT_LIMITS.contractFiles) {
      throw InvalidInputError.forField(field, 'TOO_MANY_CONTRACT_FILES');
    }
  }

  /** The rows these uploads become, their name, size and type taken from the upload's own record (ADR 045). */
  private async rowsFor(studentId: string, contractId: string | null, accessURLs: readonly string[], field: string): Promise<NewStudentFile[]> {
    const urls = [...new Set(accessURLs)];
    if (urls.length === 0) return [];
    if (!(await this.repository.studentExists(studentId))) throw new StudentError('STUDENT_NOT_FOUND');
    if (contractId) await this.assertContractOf(studentId, contractId);
    const rows: NewStudentFile[] = [];
    for (const url of urls) {
      const key = fileKeyOfAccessUrl(url);
      const upload = key ? await this.stored.confirmed(key) : null;
      if (!key || !upload) throw InvalidInputError.forField(field, 'FILE_NOT_UPLOADED');
      rows.push({ studentId, contractId, accessUrl: url, originalName: upload.originalName ?? storedNameOf(key), size: upload.size, contentType: upload.contentType });
    }
    if ((await this.repository.savedAmong(urls)).length > 0) throw new StudentError('FILE_ALREADY_SAVED');
    return rows;
  }

  /** Moves a file to another contract of the same student, or (null) to 其他文件. */
  async move(id: string, contractId: string | null): Promise<StudentFile> {
    const file = await this.find(id);
    // An outcome's evidence is kept by its outcome (docs/product/outcomes.md#evidence).
    if (file.outcomeId) throw new OutcomeError('FILE_IS_EVIDENCE');
    if (contractId) await this.assertContractOf(file.studentId, contractId);
    if (file.contractId !== contractId) await this.repository.moveTo(id, contractId);
    return this.find(id);
  }

  /** Deletes the file's row, then its object: an object left by a failed removal has no record and is swept. */
  async remove(id: string): Promise<StudentFile> {
    const file = await this.find(id);
    if (file.outcomeId) throw new OutcomeError('FILE_IS_EVIDENCE');
    await this.repository.delete(id);
    const key = fileKeyOfAccessUrl(file.accessUrl);
    if (key) await this.removeObjects([key]);
    return file;
  }

  /** The photo and every file of the student, the files with their rows. */
  async refsOf(studentId: string, profilePhoto: string | null): Promise<StudentFileRef[]> {
    const refs: StudentFileRef[] = [];
    const photoKey = profilePhoto ? fileKeyOfAccessUrl(profilePhoto) : undefined;
    if (photoKey && profilePhoto) refs.push({ key: photoKey, accessURL: profilePhoto, usedAs: 'profilePhoto' });
    for (const file of await this.repository.ofStudent(studentId)) {
      const key = fileKeyOfAccessUrl(file.accessUrl);
      if (key) refs.push({ key, accessURL: file.accessUrl, usedAs: 'file', file });
    }
    return refs;
  }

  async sizeOf(key: string): Promise<number | null> {
    return (await this.files.stat(key))?.size ?? null;
  }

  /** Removes the objects, then their confirmations: a record can no longer be pointed at them. */
  async removeObjects(keys: readonly string[]): Promise<void> {
    const unique = [...new Set(keys)];
    await this.files.remove(unique);
    await this.stored.forget(unique);
  }

  private async assertContractOf(studentId: string, contractId: string): Promise<void> {
    const owner = await this.repository.studentOfContract(contractId);
    if (!owner) throw new StudentError('CONTRACT_NOT_FOUND');
    if (owner !== studentId) throw InvalidInputError.forField('contractId', 'CONTRACT_OF_ANOTHER_STUDENT');
  }
}
