#!/usr/bin/env node
// Demo: serves the five fixture sites on 127.0.0.1 and prints the CRAWLER_SITE_ORIGINS to give a worker.
//   node tools/fixture-sites/serve.mjs [--base-port 4010] [--mode normal|login-wall|captcha|dom|flaky|signed-in-only] [--pages 3] [--per-page 10]
import { startFixtureSites } from './fixture-sites.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};

const sites = await startFixtureSites({
  basePort: Number(option('base-port', 4010)),
  totalPages: Number(option('pages', 3)),
  perPage: Number(option('per-page', 10)),
});
sites.setMode('*', option('mode', 'normal'));
console.log(`fixture sites up (mode ${option('mode', 'normal')}):`);
for (const [site, origin] of Object.entries(sites.origins)) console.log(`  ${site.padEnd(8)} ${origin}`);
for (const [host, origin] of Object.entries(sites.hostOrigins)) console.log(`  ${host} ${origin} (the account gate 猎聘 sends signed-out visitors to)`);
console.log(`\nexport CRAWLER_SITE_ORIGINS='${sites.env}'`);
console.log('Ctrl-C stops them.');
const stop = () => sites.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
