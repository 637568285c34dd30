import { CRAWLER_CONFIG_DEFAULTS, parseCrawlerConfig, REQUEST_DELAY_MAX_MS } from './crawler-config';

describe(parseCrawlerConfig.name, () => {
  it('applies the documented defaults when no row is stored', () => {
    expect(parseCrawlerConfig([])).toEqual(CRAWLER_CONFIG_DEFAULTS);
    expect(CRAWLER_CONFIG_DEFAULTS).toMatchObject({ request_delay: 3000, user_agent_rotation: true, javascript_rendering: true, anti_detection: true });
  });

  it('reads stored strings into typed values and ignores unknown keys', () => {
    const config = parseCrawlerConfig([
      { key: 'boss_cookie', value: 'wt2=abc' },
      { key: 'request_delay', value: '500' },
      { key: 'javascript_rendering', value: 'false' },
      { key: 'anti_detection', value: '0' },
      { key: 'smtp_host', value: 'x' },
    ]);
    expect(config).toMatchObject({ boss_cookie: 'wt2=abc', request_delay: 500, javascript_rendering: false, anti_detection: false, user_agent_rotation: true });
    expect(config).not.toHaveProperty('smtp_host');
  });

  it('falls back to 3000 ms for a delay that is not a number', () => {
    expect(parseCrawlerConfig([{ key: 'request_delay', value: 'soon' }]).request_delay).toBe(3000);
    expect(parseCrawlerConfig([{ key: 'request_delay', value: '-5' }]).request_delay).toBe(3000);
    // Stored before the bounds existed: obeyed as the maximum, never as 10^15 ms.
    expect(parseCrawlerConfig([{ key: 'request_delay', value: '1000000000000000' }]).request_delay).toBe(REQUEST_DELAY_MAX_MS);
  });
});
