import { DataSource } from 'typeorm';
import { createDataSourceOptions } from './data-source';

/**
 * For the TypeORM CLI only. ts-node needs the library's tsconfig (the root has no tsconfig.json):
 *   DATABASE_URL=… TS_NODE_PROJECT=libs/server/database/tsconfig.lib.json \
 *     npx typeorm-ts-node-commonjs -d libs/server/database/src/typeorm-cli.data-source.ts migration:show
 * or, after a build, `npx typeorm -d libs/server/database/dist/typeorm-cli.data-source.js migration:run`.
 * Apps build their own DataSource from `createDataSourceOptions`.
 */
const url = process.env['DATABASE_URL'];
if (!url) {
  throw new Error('DATABASE_URL is not set: the TypeORM CLI needs it to reach PostgreSQL (postgres://user@host:port/db).');
}

export default new DataSource(createDataSourceOptions(url));
