import { jsapiSignature, nonceString } from './jsapi-signature';

describe(jsapiSignature.name, () => {
  it("matches WeChat's published example", () => {
    expect(
      jsapiSignature({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('changes with every field', () => {
    const base = { ticket: 't', nonceStr: 'n', timestamp: 1, url: 'https://example.cn/' };
    const signatures = new Set([
      jsapiSignature(base),
      jsapiSignature({ ...base, ticket: 'u' }),
      jsapiSignature({ ...base, nonceStr: 'm' }),
      jsapiSignature({ ...base, timestamp: 2 }),
      jsapiSignature({ ...base, url: 'https://example.cn/?a=1' }),
    ]);
    expect(signatures.size).toBe(5);
  });
});

describe(nonceString.name, () => {
  it('draws 16 letters and digits, different each time', () => {
    const nonces = Array.from({ length: 20 }, () => nonceString());
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(new Set(nonces).size).toBe(20);
  });
});
