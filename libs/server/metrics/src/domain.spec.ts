import { backupMetrics, callMetrics, crawlMetrics, leadMetrics } from './domain';
import { METRIC_NAMES } from './names';
import { createRegistry } from './registry';

describe('domain metrics', () => {
  it('counts leads by kind and a source a visitor cannot turn into endless series', async () => {
    const registry = createRegistry('api');
    const leads = leadMetrics(registry);
    leads.stored('registration', 'WeChat');
    leads.stored('registration', 'wechat');
    leads.stored('message', null);
    leads.stored('registration', 'x'.repeat(40));
    leads.stored('registration', '<script>');
    const text = await registry.metrics();
    expect(text).toContain(`${METRIC_NAMES.leads}{kind="registration",source="wechat",app="api"} 2`);
    expect(text).toContain(`${METRIC_NAMES.leads}{kind="message",source="direct",app="api"} 1`);
    expect(text).toContain(`${METRIC_NAMES.leads}{kind="registration",source="other",app="api"} 2`);
  });

  it('counts crawled pages by outcome, refusals by reason, and jobs found, per site', async () => {
    const registry = createRegistry('worker');
    const crawl = crawlMetrics(registry);
    crawl.read('zhipin', 15);
    crawl.read('zhipin', 0);
    crawl.refused('zhipin', 'captcha');
    crawl.failed('lagou');
    const text = await registry.metrics();
    expect(text).toContain(`${METRIC_NAMES.crawlPages}{site="zhipin",outcome="read",app="worker"} 2`);
    expect(text).toContain(`${METRIC_NAMES.crawlPages}{site="zhipin",outcome="refused",app="worker"} 1`);
    expect(text).toContain(`${METRIC_NAMES.crawlRefusals}{site="zhipin",reason="captcha",app="worker"} 1`);
    expect(text).toContain(`${METRIC_NAMES.crawlPages}{site="lagou",outcome="failed",app="worker"} 1`);
    expect(text).toContain(`${METRIC_NAMES.crawlJobs}{site="zhipin",app="worker"} 15`);
  });

  it('counts the phone calls by provider and outcome from the call log, at each scrape', async () => {
    const registry = createRegistry('api');
    let rows = [{ provider: 'aliyun', status: 'placed', count: 3 }];
    callMetrics(registry, async () => rows);
    expect(await registry.metrics()).toContain(`${METRIC_NAMES.calls}{provider="aliyun",outcome="placed",app="api"} 3`);
    rows = [...rows, { provider: 'twilio', status: 'failed', count: 1 }];
    const text = await registry.metrics();
    expect(text).toContain(`${METRIC_NAMES.calls}{provider="aliyun",outcome="placed",app="api"} 3`);
    expect(text).toContain(`${METRIC_NAMES.calls}{provider="twilio",outcome="failed",app="api"} 1`);
  });

  it('reads the last good backup at each scrape, and says 0 before the first (as old as can be)', async () => {
    const registry = createRegistry('api');
    let reads = 0;
    let last: { finishedAt: Date; sizeBytes: number } | null = null;
    backupMetrics(registry, async () => {
      reads += 1;
      return last;
    });
    expect(await registry.metrics()).toContain(`${METRIC_NAMES.backupLastSuccess}{app="api"} 0`);
    last = { finishedAt: new Date('2026-11-28T19:00:00Z'), sizeBytes: 52_400_000 };
    const text = await registry.metrics();
    expect(text).toContain(`${METRIC_NAMES.backupLastSuccess}{app="api"} 1795892400`);
    expect(text).toContain(`${METRIC_NAMES.backupLastSize}{app="api"} 52400000`);
    expect(reads).toBe(4);
  });
});
