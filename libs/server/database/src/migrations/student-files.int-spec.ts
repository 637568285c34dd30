import type { DataSource } from 'typeorm';
import { migratedTestDataSource, undoMigrationsFrom } from '../../testing';
import { StudentFiles1796200000000 } from './1796200000000-student-files';

const url = (name: string) => `/api/admin/files/contracts/${name}`;

/**
 * StudentFiles on a real PostgreSQL, with data written the old way: every card file and contract file arrives as a
 * student file (a contract's or 其他文件), named by its stored name, sized where the upload record knew it; `down`
 * puts the old columns back as they were.
 */
describe('StudentFiles1796200000000', () => {
  const a = '1c2d3e4f-5061-4728-93a4-b5c6d7e8f9a0.pdf';
  const signed = '3e4f5061-7283-4a4b-b5c6-d7e8f9a0b1c2.pdf';
  const resigned = '4f506172-8394-4b5c-86d7-e8f9a0b1c2d3.pdf';
  const other = '5061728a-94a5-4c6d-97e8-f9a0b1c2d3e4.pdf';

  let dataSource: DataSource;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ dataSource, close } = await migratedTestDataSource());
  });

  afterAll(async () => {
    await close?.();
  });

  it('moves card and contract files into student_files, then down restores the old columns', async () => {
    await undoMigrationsFrom(dataSource, StudentFiles1796200000000);
    const student = async (name: string, phone: string, files: string[]) =>
      (await dataSource.query(`INSERT INTO students (name, phone, "contractFiles") VALUES ($1, $2, $3) RETURNING id`, [name, phone, files]))[0].id as string;
    const contract = async (studentId: string, number: string, file: string | null) =>
      (
        await dataSource.query(
          `INSERT INTO student_contracts ("studentId", "contractNumber", "courseName", "contractAmount", "startDate", "endDate", "contractFile")
           VALUES ($1, $2, 'AI产品经理', 100, '2025-09-01', '2025-10-01', $3) RETURNING id`,
          [studentId, number, file],
        )
      )[0].id as string;
    // 周七: two card files, one of them also the file of their contract; a second contract with its own file.
    const zhou = await student('周七', '13600001111', [url(a), url(signed)]);
    const zhouFirst = await contract(zhou, 'HT-1', url(signed));
    const zhouSecond = await contract(zhou, 'HT-2', url(resigned));
    // 吴八: one card file, a contract without a file. 郑九: nothing.
    const wu = await student('吴八', '13600002222', [url(other)]);
    const wuContract = await contract(wu, 'HT-3', null);
    const zheng = await student('郑九', '13600003333', []);
    const [beforeStudents, beforeContracts] = await Promise.all([
      dataSource.query(`SELECT id, "contractFiles" FROM students ORDER BY id`),
      dataSource.query(`SELECT id, "contractFile" FROM student_contracts ORDER BY id`),
    ]);

    await dataSource.runMigrations({ transaction: 'each' });

    const files: Array<{ studentId: string; contractId: string | null; accessUrl: string; originalName: string; size: number | null; contentType: string | null }> = await dataSource.query(
      `SELECT "studentId", "contractId", "accessUrl", "originalName", "size", "contentType" FROM student_files ORDER BY "accessUrl"`,
    );
    const expected = [
      { studentId: zhou, contractId: null, accessUrl: url(a), originalName: a, size: null, contentType: null },
      { studentId: zhou, contractId: zhouFirst, accessUrl: url(signed), originalName: signed, size: null, contentType: null },
      { studentId: zhou, contractId: zhouSecond, accessUrl: url(resigned), originalName: resigned, size: null, contentType: null },
      { studentId: wu, contractId: null, accessUrl: url(other), originalName: other, size: null, contentType: null },
    ].sort((x, y) => x.accessUrl.localeCompare(y.accessUrl));
    expect(files).toEqual(expected);
    const columns: Array<{ table_name: string; column_name: string }> = await dataSource.query(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE (table_name = 'students' AND column_name = 'contractFiles') OR (table_name = 'student_contracts' AND column_name = 'contractFile')`,
    );
    expect(columns).toEqual([]);
    expect((await dataSource.query(`SELECT count(*)::int AS n FROM student_files WHERE "studentId" = $1`, [zheng]))[0].n).toBe(0);
    expect((await dataSource.query(`SELECT count(*)::int AS n FROM student_files WHERE "contractId" = $1`, [wuContract]))[0].n).toBe(0);

    // Back to the schema before it (the migrations after it first).
    await undoMigrationsFrom(dataSource, StudentFiles1796200000000);
    const [afterStudents, afterContracts] = await Promise.all([
      dataSource.query(`SELECT id, "contractFiles" FROM students ORDER BY id`),
      dataSource.query(`SELECT id, "contractFile" FROM student_contracts ORDER BY id`),
    ]);
    expect(afterContracts).toEqual(beforeContracts);
    // The one file that was both on the card and on its contract comes back on the contract only.
    const withoutShared = beforeStudents.map((row: { id: string; contractFiles: string[] }) => ({ ...row, contractFiles: row.contractFiles.filter((file) => file !== url(signed)) }));
    expect(afterStudents).toEqual(withoutShared);
    await dataSource.runMigrations({ transaction: 'each' });
  });

  it('keeps the name step 1 recorded and the size and type the confirm checked on the upload record', async () => {
    const columns: Array<{ column_name: string }> = await dataSource.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'stored_uploads' ORDER BY column_name`,
    );
    expect(columns.map((column) => column.column_name)).toEqual(['claimedAt', 'confirmedAt', 'contentType', 'createdAt', 'key', 'originalName', 'size']);
  });
});
