import { SiteSessionSeal, type SiteSessionContents } from './site-session.seal';

const contents: SiteSessionContents = {
  cookies: [{ name: 'wt2', value: 'signed-in', domain: '.zhipin.com', path: '/', httpOnly: true, secure: true, sameSite: 'Lax' }],
  origins: [{ origin: 'https://www.zhipin.com', localStorage: { token: 'abc' }, sessionStorage: { step: '2' } }],
};

describe(SiteSessionSeal.name, () => {
  const seal = new SiteSessionSeal('k'.repeat(48));

  it('opens what it sealed', () => {
    expect(seal.open('zhipin', seal.seal('zhipin', contents))).toEqual(contents);
  });

  it('never stores the contents in the clear', () => {
    const sealed = seal.seal('zhipin', contents).toString('latin1');
    expect(sealed).not.toContain('signed-in');
    expect(sealed).not.toContain('wt2');
  });

  it('does not open with another key', () => {
    expect(new SiteSessionSeal('o'.repeat(48)).open('zhipin', seal.seal('zhipin', contents))).toBeNull();
  });

  it("does not open as another site's session", () => {
    expect(seal.open('liepin', seal.seal('zhipin', contents))).toBeNull();
  });

  it('does not open a changed byte, a cut one or an unknown format', () => {
    const sealed = seal.seal('zhipin', contents);
    const changed = Buffer.from(sealed);
    changed[changed.length - 1] ^= 1;
    const otherFormat = Buffer.from(sealed);
    otherFormat[0] = 2;
    expect(seal.open('zhipin', changed)).toBeNull();
    expect(seal.open('zhipin', sealed.subarray(0, 20))).toBeNull();
    expect(seal.open('zhipin', otherFormat)).toBeNull();
  });
});
