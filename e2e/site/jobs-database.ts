import fs from 'node:fs';
import path from 'node:path';

import pg from 'pg';

/**
 * Test-only access to the database of the system Playwright started (tools/start.mjs with
 * E2E_DATA_DIR): jobs are published by the back office, which has no unauthenticated write path, so
 * the journeys seed published_jobs with SQL.
 */
function databaseUrl(): string {
  if (process.env.E2E_DATABASE_URL) return process.env.E2E_DATABASE_URL;
  const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.data/e2e');
  const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { postgresPassword: string };
  // PostgreSQL writes its port on the fourth line of postmaster.pid.
  const pid = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  return `postgres://aipm:${encodeURIComponent(secrets.postgresPassword)}@127.0.0.1:${pid[3]?.trim()}/aipm`;
}

export interface SeedJob {
  title: string;
  company: string;
  location?: string;
  remote?: boolean;
  employmentType?: string;
  salaryMin?: number | null;
  salaryMax?: number | null;
  skillTags?: string[];
  sourceUrl: string;
  description?: string;
  postedAt?: Date;
  publishedAt?: Date;
  isActive?: boolean;
}

/** A client of the journeys' system's database for `work` (the follow-ups journey moves a due time with it too). */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function replaceJobs(jobs: SeedJob[]): Promise<void> {
  await withDatabase(async (client) => {
    await client.query('DELETE FROM published_jobs');
    for (const job of jobs) {
      await client.query(
        `INSERT INTO published_jobs ("title","company","location","remote","employmentType","salaryMin","salaryMax","skillTags","sourceUrl","description","postedAt","publishedAt","isActive")
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
        [job.title, job.company, job.location ?? '长沙', job.remote ?? false, job.employmentType ?? 'full_time', job.salaryMin ?? null, job.salaryMax ?? null, job.skillTags ?? [], job.sourceUrl, job.description ?? null, job.postedAt ?? new Date(), job.publishedAt ?? new Date(), job.isActive ?? true],
      );
    }
  });
}
