import { createRegistry, METRIC_NAMES } from '@aipm/metrics';
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..');

/** Every `aipm_…` name a text uses. */
const namesIn = (text: string) => new Set([...text.matchAll(/\baipm_[a-z0-9_]+/g)].map((match) => match[0]));

/**
 * The alert rules and the dashboard name only metrics the processes serve (libs/server/metrics/src/names.ts, and
 * Node's own under the aipm_ prefix): a renamed metric cannot leave an alert that never fires.
 */
describe('the metrics the alert rules and the dashboard read', () => {
  it('are all served by the processes', async () => {
    const defaults = (await createRegistry('api').getMetricsAsJSON()).map((metric) => metric.name);
    const histograms = [METRIC_NAMES.httpDuration].flatMap((name) => [`${name}_bucket`, `${name}_sum`, `${name}_count`]);
    const served = new Set<string>([...Object.values(METRIC_NAMES), ...histograms, ...defaults]);
    for (const file of ['ops/prometheus/alerts.yml', 'ops/prometheus/alerts.test.yml', 'ops/grafana/aipm.json']) {
      const unknown = [...namesIn(fs.readFileSync(path.join(repoRoot, file), 'utf8'))].filter((name) => !served.has(name));
      expect({ file, unknown }).toEqual({ file, unknown: [] });
    }
  });

  it('are used: every metric the processes add is on the dashboard', () => {
    const dashboard = namesIn(fs.readFileSync(path.join(repoRoot, 'ops/grafana/aipm.json'), 'utf8'));
    const histograms = new Set([`${METRIC_NAMES.httpDuration}_bucket`]);
    expect(Object.values(METRIC_NAMES).filter((name) => !dashboard.has(name) && ![...histograms].some((series) => series.startsWith(name) && dashboard.has(series)))).toEqual([]);
  });
});
