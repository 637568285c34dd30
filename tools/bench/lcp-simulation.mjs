// @ts-check
/**
 * Lighthouse's simulated LCP of one saved run, taken apart: reruns Lantern (the simulation Lighthouse itself runs,
 * from its own modules) on a report that `admin-lighthouse.mjs` saved with its trace and network log, and prints
 * the optimistic and pessimistic estimates (LCP is their mean) with each request's and task's simulated start
 * and end. What-ifs on the same run, to see what would move LCP before building it (ADR 083):
 *   --size <url part>=<KB>   that request as if it transferred this many KB (e.g. AdminApp-=115)
 *   --beside-entry <url part>  that request made beside the entry script's, from the page, not by the entry's code
 *
 * Usage: node tools/bench/lcp-simulation.mjs .data/bench/admin-lighthouse/this-admin-registrations-0 [what-ifs]
 * (the report's path without `.json`; its `-0.trace.json` and `-0.devtoolslog.json` beside it)
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';

import { defaultSettings } from 'lighthouse/core/config/constants.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { size: { type: 'string', multiple: true, default: [] }, 'beside-entry': { type: 'string', multiple: true, default: [] } },
});
const [base] = positionals;
if (!base) {
  console.error('usage: node tools/bench/lcp-simulation.mjs <saved report without .json> [--size part=KB] [--beside-entry part]');
  process.exit(2);
}

const read = (/** @type {string} */ file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const report = read(`${base}.json`);
const trace = read(`${base}-0.trace.json`);
/** @type {Array<{ method: string; params: any }>} */
const devtoolsLog = read(`${base}-0.devtoolslog.json`);

const sent = (/** @type {string} */ part) => devtoolsLog.find((event) => event.method === 'Network.requestWillBeSent' && event.params.request.url.includes(part));
const eventsOf = (/** @type {string} */ part) => {
  const request = sent(part);
  if (!request) throw new Error(`no request of ${base} has ${part} in its URL`);
  return devtoolsLog.filter((event) => event.params?.requestId === request.params.requestId);
};

for (const what of values.size) {
  const [part, kb] = what.split('=');
  for (const event of eventsOf(part)) {
    // The transfer size Lantern reads is the finished request's; the chunks' own counts then add nothing.
    if (event.method === 'Network.loadingFinished') event.params.encodedDataLength = Number(kb) * 1024;
    if (event.method === 'Network.dataReceived') event.params.encodedDataLength = 0;
    if (event.method === 'Network.responseReceived') event.params.response.encodedDataLength = 0;
  }
}
for (const part of values['beside-entry']) {
  const entry = sent('/assets/index-');
  const events = eventsOf(part);
  const shift = events[0].params.timestamp - entry.params.timestamp - 0.002;
  for (const event of events) {
    if (event.params.timestamp) event.params.timestamp -= shift;
    if (event.params.response?.timing) event.params.response.timing.requestTime -= shift;
    if (event.method === 'Network.requestWillBeSent') {
      event.params.initiator = entry.params.initiator;
      event.params.wallTime -= shift;
    }
  }
}

const url = report.finalDisplayedUrl;
const data = {
  trace,
  devtoolsLog,
  settings: { ...defaultSettings, ...report.configSettings },
  gatherContext: { gatherMode: 'navigation' },
  URL: { requestedUrl: report.requestedUrl, mainDocumentUrl: url, finalDisplayedUrl: url },
  SourceMaps: [],
  HostDPR: 1,
};
const result = await LanternLargestContentfulPaint.request(/** @type {any} */ (data), /** @type {any} */ ({ computedCache: new Map() }));
console.log(
  `LCP ${Math.round(result.timing)} ms (optimistic ${Math.round(result.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(result.pessimisticEstimate.timeInMs)})` +
    `; the report said ${Math.round(report.audits['largest-contentful-paint'].numericValue)} ms`,
);
for (const [name, estimate] of [['optimistic', result.optimisticEstimate], ['pessimistic', result.pessimisticEstimate]]) {
  console.log(`\n${name} graph (simulated ms)`);
  const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, timing] of rows) {
    const what =
      node.type === 'network'
        ? `${node.request.url.replace(/^https?:\/\/[^/]+/, '')} (${(node.request.transferSize / 1024).toFixed(1)} KB)`
        : `task of ${Math.round(node.duration / 1000)} ms observed`;
    console.log(`  ${String(Math.round(timing.startTime)).padStart(6)} – ${String(Math.round(timing.endTime)).padStart(6)}  ${what}`);
  }
}
