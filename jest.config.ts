import path from 'node:path';
import type { Config } from 'jest';

/*
 * One Jest run for the whole workspace. NestJS 12 ships ESM-only packages that Jest's CommonJS loader
 * cannot read, so every TypeScript and ESM file (ours and theirs) goes through @swc/jest
 * (docs/decisions/002-jest-under-nestjs-12-esm.md).
 */
const swcTransform: Config['transform'] = {
  '^.+\\.(t|j|mj)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', decorators: true, tsx: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
        keepClassNames: true,
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

/** Libraries are consumed from source in tests, so a test never depends on a stale build. */
const workspaceSources: Config['moduleNameMapper'] = {
  '^@aipm/contracts$': '<rootDir>/libs/contracts/src/index.ts',
  '^@aipm/database$': '<rootDir>/libs/server/database/src/index.ts',
  '^@aipm/database/testing$': '<rootDir>/libs/server/database/src/testing/index.ts',
  '^@aipm/queue$': '<rootDir>/libs/server/queue/src/index.ts',
  '^@aipm/config$': '<rootDir>/libs/server/config/src/index.ts',
};

const root = __dirname;

function nodeProject(name: string, folder: string): Config {
  return {
    displayName: name,
    rootDir: root,
    roots: [path.join(root, folder)],
    testEnvironment: 'node',
    testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts'],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    transform: swcTransform,
    transformIgnorePatterns: ['/node_modules/(?!(@nestjs|@standard-schema|file-type|strtok3|token-types|uint8array-extras)/)'],
    moduleNameMapper: workspaceSources,
  };
}

const config: Config = {
  projects: [
    nodeProject('contracts', 'libs/contracts'),
    nodeProject('config', 'libs/server/config'),
    nodeProject('database', 'libs/server/database'),
    nodeProject('queue', 'libs/server/queue'),
    nodeProject('api', 'apps/api'),
    nodeProject('worker', 'apps/worker'),
    nodeProject('web', 'apps/web'),
    nodeProject('admin', 'apps/admin'),
    nodeProject('workspace', 'tools'),
  ],
  testTimeout: 60_000,
};

export default config;
