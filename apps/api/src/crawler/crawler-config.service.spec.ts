import { CRAWLER_CONFIG_DEFAULTS, parseCrawlerConfig } from '@aipm/contracts';
import type { AdminConfigRepository } from '../common/admin-config/admin-config.repository';
import { CrawlerConfigService } from './crawler-config.service';

const COOKIE = 'SESSIONID=0123456789abcdef';
const MASKED = 'SESS********cdef';

/** admin_config in memory, read through the same parser as the shared reader. */
class InMemoryAdminConfig implements Pick<AdminConfigRepository, 'crawlerConfig' | 'save'> {
  readonly values = new Map<string, string>();
  readonly saved: Array<Array<readonly [string, string]>> = [];

  async crawlerConfig() {
    return parseCrawlerConfig([...this.values].map(([key, value]) => ({ key, value })));
  }

  async save(values: ReadonlyArray<readonly [string, string]>) {
    this.saved.push([...values]);
    for (const [key, value] of values) this.values.set(key, value);
  }
}

describe(CrawlerConfigService.name, () => {
  let config: InMemoryAdminConfig;
  let service: CrawlerConfigService;

  beforeEach(() => {
    config = new InMemoryAdminConfig();
    service = new CrawlerConfigService(config as unknown as AdminConfigRepository);
  });

  it('shows a cookie by its first and last four characters, a short one as stars, an empty one as empty', async () => {
    config.values.set('zhaopin_cookie', COOKIE).set('boss_cookie', 'short=1');
    expect(await service.readMasked()).toEqual({ ...CRAWLER_CONFIG_DEFAULTS, zhaopin_cookie: MASKED, boss_cookie: '********', job51_cookie: '' });
  });

  it('saves only the keys sent, as text', async () => {
    await service.save({ request_delay: 4000, anti_detection: false });
    expect(config.saved).toEqual([[['request_delay', '4000'], ['anti_detection', 'false']]]);
  });

  it('leaves a cookie alone when it comes back exactly as it was shown, or unchanged', async () => {
    config.values.set('zhaopin_cookie', COOKIE).set('boss_cookie', 'short=1');
    const shown = await service.save({ zhaopin_cookie: MASKED, boss_cookie: 'short=1', lagou_cookie: 'LAGOU=fresh-cookie-value' });
    expect(config.saved).toEqual([[['lagou_cookie', 'LAGOU=fresh-cookie-value']]]);
    expect(config.values.get('zhaopin_cookie')).toBe(COOKIE);
    expect(shown.lagou_cookie).toBe('LAGO********alue');
  });

  it('takes a new cookie, and an empty one that clears it', async () => {
    config.values.set('zhaopin_cookie', COOKIE).set('liepin_cookie', 'LIEPIN=old-session-value');
    await service.save({ zhaopin_cookie: 'SESSIONID=another-session', liepin_cookie: '' });
    expect(config.values.get('zhaopin_cookie')).toBe('SESSIONID=another-session');
    expect(config.values.get('liepin_cookie')).toBe('');
  });
});
