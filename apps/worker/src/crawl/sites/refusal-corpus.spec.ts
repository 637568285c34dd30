import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadedPage } from '../page.loader';
import { readPage, type PageReading } from '../reading/page.reader';
import { job51Adapter } from './job51/job51.adapter';
import { lagouAdapter } from './lagou/lagou.adapter';
import { liepinAdapter } from './liepin/liepin.adapter';
import type { SiteAdapter } from './site-adapter';
import { zhaopinAdapter } from './zhaopin/zhaopin.adapter';
import { zhipinAdapter } from './zhipin/zhipin.adapter';

/**
 * The refusal corpus (docs/decisions/060): per site, `fixtures/refusals/corpus.json` lists saved answers, the
 * address they were read at, and what they are. A `.json` file is a data-endpoint answer read beside an
 * empty search-page shell; an `.html` file is the page itself. Every answer goes through the page reader as
 * a crawl reads it, and the figures per class must stay at or above THRESHOLD.
 */
const CLASSES = ['blocked', 'captcha', 'login_wall', 'none'] as const;
type Verdict = (typeof CLASSES)[number];
const THRESHOLD = 0.95;

interface CorpusEntry {
  file: string;
  url: string;
  expected: Verdict;
}

const ADAPTERS: readonly SiteAdapter[] = [zhipinAdapter, lagouAdapter, liepinAdapter, job51Adapter, zhaopinAdapter];
const SHELL = '<!doctype html><html><head><meta charset="utf-8"><title>职位搜索</title></head><body><div id="app"></div></body></html>';

const corpus = ADAPTERS.flatMap((adapter) => {
  const dir = path.join(__dirname, adapter.site, 'fixtures', 'refusals');
  const entries = JSON.parse(readFileSync(path.join(dir, 'corpus.json'), 'utf8')) as CorpusEntry[];
  return entries.map((entry) => {
    const text = readFileSync(path.join(dir, entry.file), 'utf8');
    const isData = entry.file.endsWith('.json');
    const page: LoadedPage = { url: new URL(entry.url), status: 200, html: isData ? SHELL : text, dataBodies: isData ? [JSON.parse(text)] : [], screenshot: async () => null };
    return { ...entry, site: adapter.site, adapter, page, name: `${adapter.site}/${entry.file} at ${new URL(entry.url).hostname}${new URL(entry.url).pathname}` };
  });
});

const verdictOf = (reading: PageReading): Verdict => ('failure' in reading && (CLASSES as readonly string[]).includes(reading.failure) ? (reading.failure as Verdict) : 'none');

describe('refusal corpus', () => {
  let readings: Array<(typeof corpus)[number] & { reading: PageReading; got: Verdict }>;

  beforeAll(async () => {
    readings = [];
    for (const entry of corpus) {
      const reading = await readPage(entry.adapter, entry.page, async () => []);
      readings.push({ ...entry, reading, got: verdictOf(reading) });
    }
  });

  it('reads every class with precision and recall of at least 0.95', () => {
    const figures = CLASSES.map((verdict) => {
      const truePositives = readings.filter((entry) => entry.expected === verdict && entry.got === verdict).length;
      const predicted = readings.filter((entry) => entry.got === verdict).length;
      const actual = readings.filter((entry) => entry.expected === verdict).length;
      return { verdict, truePositives, predicted, actual, precision: predicted === 0 ? 0 : truePositives / predicted, recall: actual === 0 ? 0 : truePositives / actual };
    });
    const misread = readings.filter((entry) => entry.expected !== entry.got).map((entry) => `  ${entry.name}: expected ${entry.expected}, read ${entry.got}`);
    console.log(
      [
        `refusal corpus: ${readings.length} answers`,
        ...figures.map((f) => `  ${f.verdict.padEnd(10)} precision ${f.precision.toFixed(2)} (${f.truePositives}/${f.predicted})  recall ${f.recall.toFixed(2)} (${f.truePositives}/${f.actual})`),
        misread.length ? 'misread:' : 'misread: none',
        ...misread,
      ].join('\n'),
    );
    for (const f of figures) {
      expect({ verdict: f.verdict, precision: f.precision >= THRESHOLD, recall: f.recall >= THRESHOLD }).toEqual({ verdict: f.verdict, precision: true, recall: true });
    }
  });

  it('names the site’s own code, words or address in every refusal it reads', () => {
    const refusals = readings.filter((entry) => entry.expected !== 'none' && entry.got === entry.expected);
    for (const entry of refusals) {
      const message = 'message' in entry.reading ? entry.reading.message : '';
      // What is left once the page address and the reason's own name are taken out is the site's evidence.
      const evidence = message.replace(entry.page.url.toString(), '').replace(/^(blocked|captcha|login wall) at\s*:?\s*/, '').replace(/^[a-z0-9]+:\s*/, '');
      expect({ name: entry.name, evidence: evidence.trim().length >= 4 }).toEqual({ name: entry.name, evidence: true });
    }
  });
});
