import { MAX_INPUT_DEPTH, unsafeInputCode } from './unsafe-input';

describe(unsafeInputCode.name, () => {
  const nested = (depth: number): unknown => {
    let value: unknown = 'leaf';
    for (let level = 0; level < depth; level += 1) value = [value];
    return value;
  };

  it.each([
    ['a NUL in a value', { name: 'a\u0000b' }],
    ['a NUL in a key', { ['k\u0000']: 1 }],
    ['a lone high surrogate', { email: 'a\ud800@example.com' }],
    ['a lone low surrogate deep inside', { source: { tags: ['x\udfff'] } }],
  ])('refuses %s as unstorable characters', (_case, input) => {
    expect(unsafeInputCode(input)).toBe('INVALID_CHARACTERS');
  });

  it('refuses nesting deeper than any call takes, without recursion', () => {
    expect(unsafeInputCode(nested(MAX_INPUT_DEPTH))).toBeNull();
    expect(unsafeInputCode(nested(MAX_INPUT_DEPTH + 1))).toBe('INPUT_TOO_DEEP');
    expect(unsafeInputCode(nested(100_000))).toBe('INPUT_TOO_DEEP');
  });

  it('accepts ordinary input, emoji (surrogate pairs) and Chinese included', () => {
    expect(unsafeInputCode({ name: '张三 💩', tags: ['AI', 3, true, null], source: { utm: { campaign: 'x' } } })).toBeNull();
    expect(unsafeInputCode(undefined)).toBeNull();
  });
});
