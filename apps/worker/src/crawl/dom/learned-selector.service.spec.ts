import type { SelectorLesson } from '../reading/page.reader';
import type { JobCardSelectors } from './job-card.selectors';
import type { LearnedSelectorRepository, StoredSelectorSet } from './learned-selector.repository';
import { LearnedSelectorService } from './learned-selector.service';

const SITE = 'zhaopin';
const PATTERN = 'sou.zhaopin.com/?kw=*';

function selectors(card: string): JobCardSelectors {
  return { card, title: '.title', link: 'a.job', salary: '.salary', company: null, location: null, tags: null, fingerprint: `fp-${card}` };
}

interface Row extends StoredSelectorSet {
  site: string;
  urlPattern: string;
  successCount: number;
  failCount: number;
  confidence: number;
  lastUsed: number;
}

/** learned_selectors in memory, with the repository's smoothed confidence (successes + 1) / (uses + 2). */
class InMemoryLearnedSelectors implements Pick<LearnedSelectorRepository, keyof LearnedSelectorRepository> {
  readonly rows: Row[] = [];
  private clock = 0;

  put(selector: string, successCount: number, failCount: number, site = SITE): Row {
    const row = { id: `s${this.rows.length + 1}`, site, urlPattern: PATTERN, selector, successCount, failCount, confidence: (successCount + 1) / (successCount + failCount + 2), lastUsed: ++this.clock };
    this.rows.push(row);
    return row;
  }

  async best(site: string, urlPattern: string, take: number) {
    return this.rows
      .filter((row) => row.site === site && row.urlPattern === urlPattern)
      .sort((a, b) => b.confidence - a.confidence || b.lastUsed - a.lastUsed)
      .slice(0, take)
      .map(({ id, selector }) => ({ id, selector }));
  }

  async idOf(site: string, urlPattern: string, selector: string) {
    return this.rows.find((row) => row.site === site && row.urlPattern === urlPattern && row.selector === selector)?.id ?? null;
  }

  async add(site: string, urlPattern: string, selector: string) {
    this.put(selector, 1, 0, site).urlPattern = urlPattern;
  }

  async countUse(id: string, success: boolean) {
    const row = this.rows.find((candidate) => candidate.id === id)!;
    if (success) row.successCount++;
    else row.failCount++;
    row.confidence = (row.successCount + 1) / (row.successCount + row.failCount + 2);
    row.lastUsed = ++this.clock;
  }
}

describe(LearnedSelectorService.name, () => {
  let store: InMemoryLearnedSelectors;
  let service: LearnedSelectorService;
  const lesson = (fields: Partial<SelectorLesson>): SelectorLesson => ({ tried: [], discovered: null, ...fields });

  beforeEach(() => {
    store = new InMemoryLearnedSelectors();
    service = new LearnedSelectorService(store as unknown as LearnedSelectorRepository);
  });

  it('hands the reader the five most trusted sets of the pattern, a set it cannot read as none', async () => {
    for (let index = 0; index < 6; index++) store.put(JSON.stringify(selectors(`.card-${index}`)), index, 0);
    store.put('{"card": 1}', 50, 0);
    store.put(JSON.stringify(selectors('.elsewhere')), 99, 0, 'boss');
    const stored = await service.stored(SITE, PATTERN);
    expect(stored.map((set) => set.selectors?.card ?? null)).toEqual([null, '.card-5', '.card-4', '.card-3', '.card-2']);
  });

  it('counts each set tried as a success or a failure', async () => {
    const [good, bad] = [store.put('{}', 2, 0), store.put('{}', 2, 0)];
    await service.learn(SITE, PATTERN, lesson({ tried: [{ id: good.id, success: true }, { id: bad.id, success: false }] }));
    expect([good, bad].map(({ successCount, failCount }) => [successCount, failCount])).toEqual([[3, 0], [2, 1]]);
    expect(good.confidence).toBeCloseTo(4 / 5);
    expect(bad.confidence).toBeCloseTo(3 / 5);
  });

  it('keeps a newly discovered set as one success, and counts it again when it is discovered again', async () => {
    const discovered = selectors('.job-card');
    await service.learn(SITE, PATTERN, lesson({ discovered }));
    expect(store.rows).toEqual([expect.objectContaining({ selector: JSON.stringify(discovered), successCount: 1, failCount: 0, confidence: 2 / 3 })]);
    await service.learn(SITE, PATTERN, lesson({ discovered }));
    expect(store.rows).toHaveLength(1);
    expect(store.rows[0]).toMatchObject({ successCount: 2, confidence: 3 / 4 });
  });
});
