/*
 * Unit runs only (jest.unit.config.ts): forget the addresses of the services a developer's shell may have
 * exported (`npm run services`), so a unit test that needs PostgreSQL, Redis or S3 fails instead of passing on
 * one machine and not on the next. Such a test belongs in a `*.int-spec.ts` file.
 */
for (const name of ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY']) {
  delete process.env[name];
}
