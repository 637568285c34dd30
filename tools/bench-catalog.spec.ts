import fs from 'node:fs';
import path from 'node:path';
import { BENCHES } from './bench/lib/catalog.mjs';

/* `npm run bench` runs the benches its catalog names: every bench file must be there, and only bench files. */
describe('bench catalog', () => {
  const benchDir = path.join(__dirname, 'bench');
  /**
   * Not benches: the runner itself, the tool that lays out another commit for --baseline, and the one that takes a
   * saved Lighthouse run's LCP apart.
   */
  const NOT_BENCHES = ['all.mjs', 'baseline-tree.mjs', 'lcp-simulation.mjs'];

  it('names every bench under tools/bench/ once, and nothing else', () => {
    const files = fs.readdirSync(benchDir).filter((file) => file.endsWith('.mjs') && !NOT_BENCHES.includes(file));
    const named = BENCHES.map((bench) => `${bench.name}.mjs`);
    expect([...named].sort()).toEqual([...files].sort());
    expect(new Set(named).size).toBe(named.length);
  });

  it('bounds every bench in time and gives it both sizes', () => {
    for (const bench of BENCHES) {
      expect(bench.minutes).toBeGreaterThan(0);
      expect(Array.isArray(bench.quick) && Array.isArray(bench.full)).toBe(true);
    }
  });
});
