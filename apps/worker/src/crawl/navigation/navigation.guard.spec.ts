import 'reflect-metadata';
import { SiteRegistry } from '../sites/site-registry';
import { NavigationGuard } from './navigation.guard';

describe(NavigationGuard.name, () => {
  const resolver = async (host: string) => (host === 'evil.zhipin.com' ? ['10.0.0.8'] : ['203.0.113.10']);

  it('allows the five sites and refuses other hosts and schemes', async () => {
    const guard = new NavigationGuard(new SiteRegistry(), resolver);
    await expect(guard.check(new URL('https://www.zhipin.com/web/geek/job?query=AI'))).resolves.toEqual({ allowed: true });
    await expect(guard.check(new URL('https://api-c.liepin.com/api/x'))).resolves.toEqual({ allowed: true });
    await expect(guard.check(new URL('https://example.com/'))).resolves.toMatchObject({ allowed: false });
    await expect(guard.check(new URL('https://zhipin.com.evil.example/'))).resolves.toMatchObject({ allowed: false });
    await expect(guard.check(new URL('file:///etc/passwd'))).resolves.toMatchObject({ allowed: false });
  });

  it('refuses loopback and private addresses unless their origin is configured', async () => {
    const guard = new NavigationGuard(new SiteRegistry({ zhipin: 'http://127.0.0.1:4010' }), resolver);
    await expect(guard.check(new URL('http://127.0.0.1:4010/web/geek/job'))).resolves.toEqual({ allowed: true });
    await expect(guard.check(new URL('http://127.0.0.1:4011/'))).resolves.toMatchObject({ allowed: false });
    await expect(guard.check(new URL('http://localhost:4010/'))).resolves.toMatchObject({ allowed: false });
    await expect(guard.check(new URL('https://evil.zhipin.com/'))).resolves.toMatchObject({ allowed: false, reason: expect.stringContaining('10.0.0.8') });
  });
});
