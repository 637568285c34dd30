// @ts-check
/*
 * Jest's jsdom environment on the jsdom this workspace pins (package.json), not the older one that
 * jest-environment-jsdom brings: from jsdom 29, getComputedStyle() (which every Testing Library *ByRole query
 * calls for each element it names) no longer matches every style rule on every call. The component suites spent
 * about half their time there, under MUI's many rules (docs/decisions/041-test-loop.md).
 */
const { default: JSDOMEnvironment } = require('@jest/environment-jsdom-abstract');
const jsdom = require('jsdom');

class PinnedJsdomEnvironment extends JSDOMEnvironment {
  /** @param {ConstructorParameters<typeof JSDOMEnvironment>[0]} config @param {ConstructorParameters<typeof JSDOMEnvironment>[1]} context */
  constructor(config, context) {
    super(config, context, jsdom);
  }
}

module.exports = PinnedJsdomEnvironment;
