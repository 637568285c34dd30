import { PAYMENT_NUMBER_PATTERN } from '@aipm/contracts';
import { PaymentNumberGenerator } from './payment-number.generator';

describe(PaymentNumberGenerator.name, () => {
  const generator = new PaymentNumberGenerator();

  it('makes PAY-{yyyymmdd}-{6 upper-case letters or digits} with the day in China time', () => {
    // 2025-08-31 16:30 UTC is already 1 September in Changsha.
    const number = generator.next(new Date('2025-08-31T16:30:00Z'));
    expect(number).toMatch(PAYMENT_NUMBER_PATTERN);
    expect(number.slice(0, 13)).toBe('PAY-20250901-');
  });

  it('draws the suffix from all 36 characters, evenly enough', () => {
    const counts = new Map<string, number>();
    for (let index = 0; index < 3000; index += 1) {
      for (const character of generator.next().slice(13)) counts.set(character, (counts.get(character) ?? 0) + 1);
    }
    // 18,000 characters over 36 values: 500 each on average; a biased or truncated alphabet falls far outside.
    expect(counts.size).toBe(36);
    for (const count of counts.values()) expect(count).toBeGreaterThan(350);
  });
});
