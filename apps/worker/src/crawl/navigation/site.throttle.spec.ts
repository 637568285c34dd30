import { SiteThrottle } from './site.throttle';

describe(SiteThrottle.name, () => {
  it('runs the pages of one site one at a time with the delay between them, other sites in parallel', async () => {
    const throttle = new SiteThrottle();
    const events: Array<[string, string, number]> = [];
    const started = Date.now();
    const page = (site: string, name: string) =>
      throttle.run(site, 100, async () => {
        events.push([name, 'start', Date.now() - started]);
        await new Promise((resolve) => setTimeout(resolve, 30));
        events.push([name, 'end', Date.now() - started]);
      });
    await Promise.all([page('zhipin', 'a1'), page('zhipin', 'a2'), page('job51', 'b1')]);

    const at = (name: string, kind: string) => events.find(([n, k]) => n === name && k === kind)![2];
    expect(at('a2', 'start')).toBeGreaterThanOrEqual(at('a1', 'end') + 95);
    expect(at('b1', 'start')).toBeLessThan(at('a1', 'end'));
  });

  it('keeps going after a failed page', async () => {
    const throttle = new SiteThrottle();
    await expect(throttle.run('lagou', 0, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(throttle.run('lagou', 0, async () => 42)).resolves.toBe(42);
  });
});
