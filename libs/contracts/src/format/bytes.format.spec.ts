import { formatBytes } from './bytes.format';

describe(formatBytes.name, () => {
  it('says sizes in decimal units, one decimal from kB on', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(116_200)).toBe('116.2 kB');
    expect(formatBytes(1_234_567)).toBe('1.2 MB');
    expect(formatBytes(1_073_741_824)).toBe('1.1 GB');
  });
});
