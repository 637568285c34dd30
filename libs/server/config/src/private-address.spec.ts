import { isPrivateAddress, privateHostReason } from './private-address';

describe(isPrivateAddress.name, () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['8.8.8.8', false],
    ['203.0.113.10', false],
    ['172.32.0.1', false],
  ])('classifies %s as private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

describe(privateHostReason.name, () => {
  const resolver = async (host: string) => {
    if (host === 'internal.example') return ['203.0.113.10', '10.0.0.8'];
    if (host === 'slow.example') return new Promise<string[]>(() => undefined);
    if (host === 'missing.example') throw new Error('ENOTFOUND');
    return ['203.0.113.10'];
  };

  it('names a literal private address, IPv4 or IPv6', async () => {
    await expect(privateHostReason(new URL('http://127.0.0.1:8080/'), resolver)).resolves.toContain('127.0.0.1');
    await expect(privateHostReason(new URL('http://[::1]/'), resolver)).resolves.toContain('::1');
    await expect(privateHostReason(new URL('http://169.254.169.254/latest/meta-data'), resolver)).resolves.toContain('169.254.169.254');
  });

  it('names a host any of whose addresses is private', async () => {
    await expect(privateHostReason(new URL('https://internal.example/'), resolver)).resolves.toBe('internal.example resolves to the private address 10.0.0.8');
  });

  it('passes public hosts, and hosts that do not resolve in time (their load reaches nothing)', async () => {
    await expect(privateHostReason(new URL('https://www.zhipin.com/'), resolver)).resolves.toBeNull();
    await expect(privateHostReason(new URL('https://missing.example/'), resolver)).resolves.toBeNull();
    await expect(privateHostReason(new URL('https://slow.example/'), resolver, 50)).resolves.toBeNull();
  });
});
