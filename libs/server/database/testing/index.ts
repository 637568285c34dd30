// Test-only entry point (`@aipm/database/testing`); kept out of the main barrel.
export { createTestDatabase, type CreateTestDatabaseOptions, type TestDatabase } from './test-database';
export { insertCrawlResults, migratedTestDataSource, type TestCrawlResult, undoMigrationsFrom } from './migrations';
