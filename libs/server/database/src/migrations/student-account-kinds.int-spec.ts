import type { DataSource } from 'typeorm';
import { migratedTestDataSource, undoMigrationsFrom } from '../../testing';
import { StudentAccountKinds1796300000000 } from './1796300000000-student-account-kinds';

const TOOL_COLUMNS = ['vpnAccount', 'lovableAccount', 'replitAccount', 'traeAccount', 'qoderAccount'];

/**
 * StudentAccountKinds on a real PostgreSQL, with tool accounts written the old way (five columns of the student):
 * each non-empty one arrives as an account of its kind, the logins as student_login; `down` gives the columns back.
 */
describe('StudentAccountKinds1796300000000', () => {
  let dataSource: DataSource;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ dataSource, close } = await migratedTestDataSource());
  });

  afterAll(async () => {
    await close?.();
  });

  it('turns every tool field into an account of its kind and the logins into student_login, then down restores the columns', async () => {
    await undoMigrationsFrom(dataSource, StudentAccountKinds1796300000000);
    const student = async (name: string, phone: string, tools: Array<string | null>) =>
      (
        await dataSource.query(
          `INSERT INTO students (name, phone, ${TOOL_COLUMNS.map((column) => `"${column}"`).join(', ')}) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [name, phone, ...tools],
        )
      )[0].id as string;
    const zhou = await student('周七', '13600001111', ['vpn-zhou', 'zhou@lovable', 'zhou-replit', 'zhou-trae', 'zhou-qoder']);
    // Empty and blank fields are no accounts; 郑九 has none.
    const wu = await student('吴八', '13600002222', ['vpn-wu', '', null, '  ', 'wu-qoder']);
    const zheng = await student('郑九', '13600003333', [null, null, null, null, null]);
    await dataSource.query(
      `INSERT INTO student_accounts ("studentId", username, email, password) VALUES ($1, 'zhouqi', 'zhouqi@example.com', '$argon2id$v=19$m=19456,t=2,p=1$hash')`,
      [zhou],
    );
    const before = await dataSource.query(`SELECT id, ${TOOL_COLUMNS.map((column) => `"${column}"`).join(', ')} FROM students ORDER BY id`);

    await dataSource.runMigrations({ transaction: 'each' });

    const accounts: Array<{ studentId: string; kind: string; username: string; email: string | null; password: string | null; status: string }> = await dataSource.query(
      `SELECT "studentId", kind, username, email, password, status FROM student_accounts ORDER BY "studentId", "createdAt", kind`,
    );
    const tool = (studentId: string, kind: string, username: string) => ({ studentId, kind, username, email: null, password: null, status: 'active' });
    const expected = [
      tool(zhou, 'vpn', 'vpn-zhou'),
      tool(zhou, 'lovable', 'zhou@lovable'),
      tool(zhou, 'replit', 'zhou-replit'),
      tool(zhou, 'trae', 'zhou-trae'),
      tool(zhou, 'qoder', 'zhou-qoder'),
      tool(wu, 'vpn', 'vpn-wu'),
      tool(wu, 'qoder', 'wu-qoder'),
    ];
    expect(accounts.filter((account) => account.kind !== 'student_login')).toEqual(expect.arrayContaining(expected));
    expect(accounts.filter((account) => account.kind !== 'student_login')).toHaveLength(expected.length);
    expect(accounts.filter((account) => account.kind === 'student_login')).toEqual([
      { studentId: zhou, kind: 'student_login', username: 'zhouqi', email: 'zhouqi@example.com', password: '$argon2id$v=19$m=19456,t=2,p=1$hash', status: 'active' },
    ]);
    expect(accounts.filter((account) => account.studentId === zheng)).toEqual([]);
    const columns: unknown[] = await dataSource.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'students' AND column_name = ANY($1)`, [TOOL_COLUMNS]);
    expect(columns).toEqual([]);

    // Uniqueness holds among logins only: a tool account may share a login's name, a second login may not.
    await dataSource.query(`INSERT INTO student_accounts ("studentId", kind, username) VALUES ($1, 'vpn', 'zhouqi')`, [wu]);
    await expect(
      dataSource.query(`INSERT INTO student_accounts ("studentId", username, email, password) VALUES ($1, 'zhouqi', 'other@example.com', 'x')`, [wu]),
    ).rejects.toMatchObject({ driverError: { constraint: 'UQ_student_accounts_username' } });
    await expect(dataSource.query(`INSERT INTO student_accounts ("studentId", kind, username, password) VALUES ($1, 'trae', 't', 'x')`, [wu])).rejects.toMatchObject({
      driverError: { constraint: 'CHK_student_accounts_tool_password' },
    });
    await dataSource.query(`DELETE FROM student_accounts WHERE kind = 'vpn' AND username = 'zhouqi'`);

    // It and every migration after it (the last one undone first).
    await undoMigrationsFrom(dataSource, StudentAccountKinds1796300000000);
    // Blank fields come back empty (they were no accounts); every other value as it was.
    const blankToNull = (row: Record<string, string | null>) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'string' && value.trim() === '' ? null : value]));
    expect(await dataSource.query(`SELECT id, ${TOOL_COLUMNS.map((column) => `"${column}"`).join(', ')} FROM students ORDER BY id`)).toEqual(before.map(blankToNull));
    expect(await dataSource.query(`SELECT username FROM student_accounts`)).toEqual([{ username: 'zhouqi' }]);
    await dataSource.runMigrations({ transaction: 'each' });
  });
});
