import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { normalizeJob, type NormalizedJob } from '../../src/crawl/normalize/job.normalizer';
import type { DataVerdict, SiteAdapter } from '../../src/crawl/sites/site-adapter';
import { SiteRegistry } from '../../src/crawl/sites/site-registry';

/** Test helpers for extractor specs: read a saved fixture beside the extractor, normalise what it yields. */
export function readFixture(dir: string, name: string): string {
  return readFileSync(path.join(dir, 'fixtures', name), 'utf8');
}

const CRAWLED_AT = new Date('2025-11-20T06:30:00.000Z');

export function normalizeVerdict(adapter: SiteAdapter, verdict: DataVerdict, pageUrl: URL = adapter.searchUrl({ keyword: 'AI产品经理', city: '长沙', page: 1 })): NormalizedJob[] {
  if (!verdict || !('jobs' in verdict)) throw new Error(`expected jobs, got ${JSON.stringify(verdict)}`);
  const registry = new SiteRegistry();
  return verdict.jobs.map((job) => normalizeJob(job, { pageUrl, crawledAt: CRAWLED_AT, canonical: (url) => registry.canonical(adapter, url) })).filter((job): job is NormalizedJob => job !== null);
}
