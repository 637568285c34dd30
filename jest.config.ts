/**
 * Read by ts-node without type checking (the typecheck script checks this file): it saves a second and a half
 * at every start, and Node 22 would otherwise load it as an ES module, where `__dirname` is not defined.
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"transpileOnly": true}
 */
import os from 'node:os';
import path from 'node:path';
import type { Config } from 'jest';

/*
 * Two speeds of tests, told apart by file name (docs/decisions/011-test-layout.md):
 *  - unit, `*.spec.ts` / `*.spec.tsx` beside the code: no PostgreSQL, Redis, S3, Chromium, child process of an
 *    app, nor build output. `npm run test:unit` runs only these (jest.unit.config.ts), in seconds.
 *  - integration, `*.int-spec.ts` (a library or tool against a real service or a build) and `*.e2e-spec.ts`
 *    (an app booted, in each app's test/ folder): only under `npm test`, which builds and starts the services first.
 */
export const INTEGRATION_TESTS = ['**/*.int-spec.ts', '**/*.e2e-spec.ts'];

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
  '^@aipm/contracts/dto$': '<rootDir>/libs/contracts/src/dto.ts',
  '^@aipm/database$': '<rootDir>/libs/server/database/src/index.ts',
  // Test-only helpers, kept outside the library's src/ so its build never compiles or ships them.
  '^@aipm/database/testing$': '<rootDir>/libs/server/database/testing/index.ts',
  '^@aipm/queue$': '<rootDir>/libs/server/queue/src/index.ts',
  '^@aipm/config$': '<rootDir>/libs/server/config/src/index.ts',
  '^@aipm/phone$': '<rootDir>/libs/server/phone/src/index.ts',
  '^@aipm/backup$': '<rootDir>/libs/server/backup/src/index.ts',
  '^@aipm/metrics$': '<rootDir>/libs/server/metrics/src/index.ts',
};

const root = __dirname;

/** `nestedProjects`: folders inside `folder` that are projects of their own, left to their own entry. */
function nodeProject(name: string, folder: string, nestedProjects: string[] = []): Config {
  return {
    displayName: name,
    rootDir: root,
    roots: [path.join(root, folder)],
    testPathIgnorePatterns: ['/node_modules/', ...nestedProjects.map((nested) => `<rootDir>/${nested}/`)],
    testEnvironment: 'node',
    testMatch: ['**/*.spec.ts', ...INTEGRATION_TESTS],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    transform: swcTransform,
    // ESM-only packages: file-type (upload sniffing) and its chain (strtok3, token-types, @tokenizer/inflate,
    // @borewit/text-codec, uint8array-extras); the front door's proxy, http-proxy-middleware, with httpxy and is-plain-obj.
    transformIgnorePatterns: [
      '/node_modules/(?!(@nestjs|@standard-schema|file-type|strtok3|token-types|@tokenizer/inflate|@borewit/text-codec|uint8array-extras|http-proxy-middleware|httpxy|is-plain-obj)/)',
    ],
    moduleNameMapper: workspaceSources,
  };
}

/** React components of the two browser apps: `*.spec.tsx` beside the component, in jsdom. */
function browserProject(name: string, folder: string, sourceFolder: string, extraModules: Config['moduleNameMapper'] = {}): Config {
  return {
    displayName: name,
    rootDir: root,
    roots: [path.join(root, folder)],
    testEnvironment: '<rootDir>/tools/testing/jsdom-environment.cjs',
    testMatch: ['**/*.spec.tsx'],
    // ESM-only packages that Remix's test stub and remix-i18next (web) and react-admin (admin) pull in.
    transformIgnorePatterns: ['/node_modules/(?!(@web3-storage|remix-i18next|react-hotkeys-hook)/)'],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    transform: swcTransform,
    // `?url` imports (stylesheets, locale files) resolve to a stub URL before `~/` paths are mapped.
    moduleNameMapper: { '\\?url$': '<rootDir>/tools/testing/asset-stub.cjs', ...workspaceSources, '^~/(.*)$': `<rootDir>/${folder}/${sourceFolder}/$1`, '\\.(css|svg|png|jpe?g|webp)$': '<rootDir>/tools/testing/asset-stub.cjs', ...extraModules },
    setupFilesAfterEnv: ['<rootDir>/tools/testing/jest-dom.setup.ts'],
  };
}

const projects: Config[] = [
    // @remix-run/react and @remix-run/testing each nest a react-router 6; one copy keeps one router context.
    browserProject('web-ui', 'apps/web', 'app', {
      '^react-router$': '<rootDir>/node_modules/@remix-run/react/node_modules/react-router',
      '^react-router-dom$': '<rootDir>/node_modules/@remix-run/react/node_modules/react-router-dom',
    }),
    browserProject('admin-ui', 'apps/admin', 'src'),
    nodeProject('contracts', 'libs/contracts'),
    nodeProject('config', 'libs/server/config'),
    nodeProject('database', 'libs/server/database'),
    nodeProject('queue', 'libs/server/queue'),
    nodeProject('phone', 'libs/server/phone'),
    nodeProject('backup', 'libs/server/backup'),
    nodeProject('metrics', 'libs/server/metrics'),
    nodeProject('api', 'apps/api'),
    nodeProject('worker', 'apps/worker'),
    nodeProject('web', 'apps/web', ['apps/web/server']),
    nodeProject('web-server', 'apps/web/server'),
    nodeProject('admin', 'apps/admin'),
    nodeProject('workspace', 'tools'),
];

const config: Config = {
  projects,
  /*
   * One suite more than the cores: an integration suite spends much of its time waiting for an app it booted,
   * PostgreSQL, Chromium or a timer (a check's one-minute deadline, a quiet window's end), and on two cores two
   * workers left the machine idle while they waited (docs/decisions/041-test-loop.md). Each worker has its own Redis
   * databases (tools/testing/services.ts) and each suite its own PostgreSQL database and S3 keys; four at most, the
   * embedded Redis's 64 databases / 16.
   */
  maxWorkers: Math.min(4, os.availableParallelism() + 1),
  // An integration hook boots an app, migrates a database or starts Chromium: a minute, then it fails.
  testTimeout: 60_000,
  /*
   * Safety net: a suite that fails with a client still open (an ioredis client reconnects forever) kept Jest
   * alive after its last result until CI's limit; measured, a failing test holding one Redis client never
   * exited. Passing suites close what they open (--detectOpenHandles finds nothing); this ends a run anyway.
   * It makes Jest print "Force exiting Jest" after every run: that line is not a leak report.
   */
  forceExit: true,
  // Jest's own output, then where the run's time went (the slowest suites, each project's total).
  reporters: ['default', '<rootDir>/tools/testing/jest-timings-reporter.cjs'],
};

export default config;
