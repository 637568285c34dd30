import { formatLanguage, groupThousands, trimDecimals } from './language';

describe(formatLanguage.name, () => {
  it.each([
    ['en', 'en'],
    ['en-US', 'en'],
    ['EN', 'en'],
    ['zh', 'zh'],
    ['zh-CN', 'zh'],
    ['fr', 'zh'],
    [undefined, 'zh'],
    [null, 'zh'],
  ])('reads %s as %s', (input, expected) => {
    expect(formatLanguage(input)).toBe(expected);
  });
});

describe(groupThousands.name, () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234567, '1,234,567'],
    [-1234, '-1,234'],
    [1234.5, '1,234.5'],
  ])('groups %d as %s', (value, expected) => {
    expect(groupThousands(value)).toBe(expected);
  });
});

describe(trimDecimals.name, () => {
  it.each([
    [1.5, 1, '1.5'],
    [2, 1, '2'],
    [1.25, 1, '1.3'],
    [1.234, 2, '1.23'],
  ])('rounds %d to %d decimals as %s', (value, digits, expected) => {
    expect(trimDecimals(value, digits)).toBe(expected);
  });
});
