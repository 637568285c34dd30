import { STUDENT_LIMITS } from '@aipm/contracts';
import type { StudentFile } from '@aipm/database';
import type { FileStore } from '../../uploads/file-store';
import type { ConfirmedUpload, StoredUploadsRepository } from '../../uploads/stored-uploads.repository';
import type { NewStudentFile, StudentFilesRepository } from './student-files.repository';
import { StudentFilesService } from './student-files.service';

const STUDENT = '6f1c7a52-3b1e-4c4f-9a51-2d5a3f0e9b11';
const OTHER_STUDENT = '7a2d8b63-4c2f-4d50-8b62-3e6b4f1fac22';
const CONTRACT = '8b3e9c74-5d30-4e61-9c73-4f7c5020bd33';
const OTHERS_CONTRACT = '9c4fad85-6e41-4f72-8d84-508d6131ce44';
const key = (n: number) => `contracts/00000000-0000-4000-8000-${String(n).padStart(12, '0')}.pdf`;
const url = (n: number) => `/api/admin/files/${key(n)}`;

/** student_files and the reads around it, in memory. */
class InMemoryFiles implements Pick<StudentFilesRepository, 'find' | 'ofStudent' | 'studentExists' | 'studentOfContract' | 'savedAmong' | 'countOf' | 'insertWithin' | 'moveTo' | 'delete'> {
  rows: StudentFile[] = [];
  students = new Set([STUDENT, OTHER_STUDENT]);
  contracts = new Map([
    [CONTRACT, STUDENT],
    [OTHERS_CONTRACT, OTHER_STUDENT],
  ]);

  async find(id: string) {
    return this.rows.find((row) => row.id === id) ?? null;
  }
  async ofStudent(studentId: string) {
    return this.rows.filter((row) => row.studentId === studentId);
  }
  async studentExists(studentId: string) {
    return this.students.has(studentId);
  }
  async studentOfContract(contractId: string) {
    return this.contracts.get(contractId) ?? null;
  }
  async savedAmong(urls: readonly string[]) {
    return urls.filter((candidate) => this.rows.some((row) => row.accessUrl === candidate));
  }
  async countOf(studentId: string) {
    return this.rows.filter((row) => row.studentId === studentId).length;
  }
  async insertWithin(studentId: string, rows: readonly NewStudentFile[], limit: number) {
    if ((await this.countOf(studentId)) + rows.length > limit) return null;
    return rows.map((row) => {
      const id = `f${this.rows.length + 1}`;
      this.rows.push({ ...row, id, createdAt: new Date() } as StudentFile);
      return id;
    });
  }
  async moveTo(id: string, contractId: string | null) {
    this.rows.find((row) => row.id === id)!.contractId = contractId;
  }
  async delete(id: string) {
    this.rows = this.rows.filter((row) => row.id !== id);
  }
}

describe(StudentFilesService.name, () => {
  let files: InMemoryFiles;
  let uploads: Map<string, ConfirmedUpload>;
  let removedObjects: string[];
  let service: StudentFilesService;

  beforeEach(() => {
    files = new InMemoryFiles();
    uploads = new Map();
    for (let n = 1; n <= 60; n += 1) uploads.set(key(n), { key: key(n), originalName: `合同-${n}.pdf`, size: 1000 + n, contentType: 'application/pdf' });
    removedObjects = [];
    const stored: Pick<StoredUploadsRepository, 'confirmed' | 'forget'> = {
      confirmed: async (at) => uploads.get(at) ?? null,
      forget: async () => undefined,
    };
    const store: Pick<FileStore, 'remove'> = {
      remove: async (keys) => {
        removedObjects.push(...keys);
      },
    };
    service = new StudentFilesService(files as unknown as StudentFilesRepository, store as FileStore, stored as StoredUploadsRepository);
  });

  it("saves a confirmed upload under the name, size and type its upload recorded, a contract's or 其他文件", async () => {
    const onContract = await service.attach({ studentId: STUDENT, contractId: CONTRACT, accessURL: url(1) });
    expect(onContract).toMatchObject({ studentId: STUDENT, contractId: CONTRACT, accessUrl: url(1), originalName: '合同-1.pdf', size: 1001, contentType: 'application/pdf' });
    expect(await service.attach({ studentId: STUDENT, accessURL: url(2) })).toMatchObject({ contractId: null, originalName: '合同-2.pdf' });
  });

  it('names a file whose upload recorded no name by its stored name', async () => {
    uploads.set(key(3), { key: key(3), originalName: null, size: null, contentType: null });
    expect((await service.attach({ studentId: STUDENT, accessURL: url(3) })).originalName).toBe('00000000-0000-4000-8000-000000000003.pdf');
  });

  it('refuses an upload never confirmed, one already saved, a missing student and a contract of another student', async () => {
    await expect(service.attach({ studentId: STUDENT, accessURL: url(99) })).rejects.toMatchObject({ code: 'FILE_NOT_UPLOADED' });
    await service.attach({ studentId: STUDENT, accessURL: url(1) });
    await expect(service.attach({ studentId: OTHER_STUDENT, accessURL: url(1) })).rejects.toMatchObject({ code: 'FILE_ALREADY_SAVED' });
    await expect(service.attach({ studentId: '00000000-0000-4000-8000-000000000000', accessURL: url(2) })).rejects.toMatchObject({ code: 'STUDENT_NOT_FOUND' });
    await expect(service.attach({ studentId: STUDENT, contractId: OTHERS_CONTRACT, accessURL: url(2) })).rejects.toMatchObject({ code: 'CONTRACT_OF_ANOTHER_STUDENT' });
    await expect(service.attach({ studentId: STUDENT, contractId: '00000000-0000-4000-8000-000000000000', accessURL: url(2) })).rejects.toMatchObject({ code: 'CONTRACT_NOT_FOUND' });
    expect(files.rows).toHaveLength(1);
  });

  it(`keeps a student within ${STUDENT_LIMITS.contractFiles} files over their contracts and 其他文件`, async () => {
    const first = Array.from({ length: 30 }, (_, index) => url(index + 1));
    const rest = Array.from({ length: 20 }, (_, index) => url(index + 31));
    await service.attachAll(STUDENT, CONTRACT, first);
    await service.attachAll(STUDENT, null, rest);
    await expect(service.assertAttachable(STUDENT, [url(51)])).rejects.toMatchObject({ code: 'TOO_MANY_CONTRACT_FILES' });
    await expect(service.attach({ studentId: STUDENT, accessURL: url(51) })).rejects.toMatchObject({ code: 'TOO_MANY_CONTRACT_FILES' });
    // Another student's count is their own.
    await expect(service.attach({ studentId: OTHER_STUDENT, accessURL: url(51) })).resolves.toMatchObject({ studentId: OTHER_STUDENT });
  });

  it("moves a file between the student's contracts and 其他文件, never to another student's contract", async () => {
    const file = await service.attach({ studentId: STUDENT, accessURL: url(1) });
    expect((await service.move(file.id, CONTRACT)).contractId).toBe(CONTRACT);
    expect((await service.move(file.id, null)).contractId).toBeNull();
    await expect(service.move(file.id, OTHERS_CONTRACT)).rejects.toMatchObject({ code: 'CONTRACT_OF_ANOTHER_STUDENT' });
    await expect(service.move('missing', null)).rejects.toMatchObject({ code: 'STUDENT_FILE_NOT_FOUND' });
  });

  it('deletes the record, then its object from storage', async () => {
    const file = await service.attach({ studentId: STUDENT, accessURL: url(1) });
    await service.remove(file.id);
    expect(files.rows).toEqual([]);
    expect(removedObjects).toEqual([key(1)]);
  });

  it('lists the photo and every file of the student for deletion and export', async () => {
    await service.attach({ studentId: STUDENT, contractId: CONTRACT, accessURL: url(1) });
    await service.attach({ studentId: STUDENT, accessURL: url(2) });
    const photo = '/api/admin/files/photos/00000000-0000-4000-8000-000000000009.png';
    expect((await service.refsOf(STUDENT, photo)).map(({ key: at, usedAs, file }) => [at, usedAs, file?.contractId ?? null])).toEqual([
      ['photos/00000000-0000-4000-8000-000000000009.png', 'profilePhoto', null],
      [key(1), 'file', CONTRACT],
      [key(2), 'file', null],
    ]);
  });
});
