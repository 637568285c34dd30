import { migratedTestDataSource, undoMigrationsFrom } from '../../testing';
import { StoredUploads1796100000000 } from './1796100000000-stored-uploads';

/** StoredUploads on a real PostgreSQL: files that records pointed at before it are entered as confirmed uploads. */
describe('StoredUploads1796100000000', () => {
  const photo = 'photos/0b5f3c1e-4a7d-4e2b-9c3f-1d2e3f4a5b6c.png';
  const cardFile = 'contracts/1c2d3e4f-5061-4728-93a4-b5c6d7e8f9a0.pdf';
  const contractFile = 'contracts/2d3e4f50-6172-4839-a4b5-c6d7e8f9a0b1.pdf';

  it('enters every file a student or a contract points at as confirmed, once, and nothing else', async () => {
    const { dataSource, close } = await migratedTestDataSource();
    try {
      await undoMigrationsFrom(dataSource, StoredUploads1796100000000);
      const [student] = await dataSource.query(
        `INSERT INTO students (name, phone, "profilePhoto", "contractFiles") VALUES ('周七', '13600001111', $1, $2) RETURNING id`,
        [`/api/admin/files/${photo}`, [`/api/admin/files/${cardFile}`, `/api/admin/files/${contractFile}`, 'https://elsewhere.example/x.pdf']],
      );
      await dataSource.query(
        `INSERT INTO student_contracts ("studentId", "contractNumber", "courseName", "contractAmount", "startDate", "endDate", "contractFile")
         VALUES ($1, 'HT-1', 'AI产品经理', 100, '2025-09-01', '2025-10-01', $2)`,
        [student.id, `/api/admin/files/${contractFile}`],
      );
      await dataSource.runMigrations({ transaction: 'each' });

      const rows: { key: string; confirmed: boolean }[] = await dataSource.query(`SELECT "key", "confirmedAt" IS NOT NULL AS "confirmed" FROM "stored_uploads" ORDER BY "key"`);
      expect(rows).toEqual([cardFile, contractFile, photo].sort().map((key) => ({ key, confirmed: true })));
    } finally {
      await close();
    }
  });
});
