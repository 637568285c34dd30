/**
 * Read by ts-node without type checking (the typecheck script checks this file): it saves a second and a half
 * at every start, and Node 22 would otherwise load it as an ES module, where `__dirname` is not defined.
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"transpileOnly": true}
 */
import type { Config } from 'jest';
import workspace, { INTEGRATION_TESTS } from './jest.config';

/*
 * `npm run test:unit`: the workspace's Jest projects (jest.config.ts, the one source of their settings) with
 * the integration patterns taken out of each project's testMatch. Needs no build and no service.
 */

const config: Config = {
  ...workspace,
  projects: (workspace.projects as Config[]).map((project) => ({
    ...project,
    testMatch: [project.testMatch ?? []].flat().filter((pattern) => !INTEGRATION_TESTS.includes(pattern)),
    // A unit test that reaches for a service fails here instead of quietly using one a shell exported.
    setupFiles: [...(project.setupFiles ?? []), '<rootDir>/tools/testing/no-services.setup.ts'],
  })),
  // A unit test waits on nothing outside its process; the slowest (react-admin forms typed into with
  // user-event in jsdom) take ~2 s alone and past 5 s on a loaded 2-core machine. A hang still shows in 20 s.
  testTimeout: 20_000,
};

export default config;
