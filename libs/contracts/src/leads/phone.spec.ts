import fc from 'fast-check';
import { checkPhone, isMaskedPhone, maskPhone, normalisePhone, PHONE_INPUT_PATTERN } from './phone';

describe(checkPhone.name, () => {
  it.each([
    ['13812345678', '+8613812345678'],
    ['138 1234 5678', '+8613812345678'],
    ['138-1234-5678', '+8613812345678'],
    ['(138) 1234-5678', '+8613812345678'],
    ['+86 138 1234 5678', '+8613812345678'],
    ['+86-13812345678', '+8613812345678'],
    ['0086 13812345678', '+8613812345678'],
    ['8613812345678', '+8613812345678'],
    ['（+86）138　1234　5678', '+8613812345678'],
    ['19912345678', '+8619912345678'],
  ])('reads %s as the mainland mobile %s', (raw, e164) => {
    expect(checkPhone(raw)).toEqual({ valid: true, e164, mainland: true });
  });

  it.each([
    ['+44 7911 123456', '+447911123456'],
    ['+1 (415) 555-2671', '+14155552671'],
    ['+852 6123 4567', '+85261234567'],
  ])('reads %s as the international number %s', (raw, e164) => {
    expect(checkPhone(raw)).toEqual({ valid: true, e164, mainland: false });
  });

  it.each([
    ['12812345678', 'INVALID_PHONE'], // second digit 2 is no mobile prefix
    ['1381234567', 'INVALID_PHONE'], // ten digits
    ['138123456789', 'INVALID_PHONE'],
    ['010-12345678', 'INVALID_PHONE'], // a landline
    ['abc', 'INVALID_PHONE'],
    ['', 'INVALID_PHONE'],
    ['+86 10 1234 5678', 'INVALID_MAINLAND_PHONE'],
    ['0086 2812345678', 'INVALID_MAINLAND_PHONE'],
    ['+0 123 4567', 'INVALID_PHONE'],
    ['+12345', 'INVALID_PHONE'], // too short for any country
    ['+1234567890123456', 'INVALID_PHONE'], // longer than E.164 allows
    ['+44 7911 12345x', 'INVALID_PHONE'],
  ])('refuses %p with the code of a message saying what is expected', (raw, code) => {
    expect(checkPhone(raw)).toEqual({ valid: false, code });
  });

  it('gives the E.164 form for the lookups, or undefined', () => {
    expect(normalisePhone('+86 138-1234-5678')).toBe('+8613812345678');
    expect(normalisePhone('12345')).toBeUndefined();
  });
});

describe(maskPhone.name, () => {
  it.each([
    ['13812345678', '138****5678'],
    ['138 1234 5678', '138****5678'],
    ['+86 138-1234-5678', '138****5678'],
    ['008613812345678', '138****5678'],
    ['+447911123456', '+447*****3456'],
    ['0731-8888 6666', '073*****6666'],
    ['1234567', '*****67'],
  ])('%s → %s', (raw, masked) => {
    expect(maskPhone(raw)).toBe(masked);
    expect(isMaskedPhone(maskPhone(raw))).toBe(true);
  });

  it('keeps an empty phone empty', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone(null)).toBe('');
    expect(isMaskedPhone('')).toBe(false);
  });

  it('leaves a masked phone as it is', () => {
    for (const raw of ['13812345678', '+447911123456', '1234567']) expect(maskPhone(maskPhone(raw))).toBe(maskPhone(raw));
  });

  it('never shows more than seven digits of a number', () => {
    expect(maskPhone('13812345678').replace(/\D/g, '')).toHaveLength(7);
    expect(isMaskedPhone('13812345678')).toBe(false);
  });
});

describe('PHONE_INPUT_PATTERN', () => {
  // As a browser compiles an input's pattern attribute.
  const pattern = new RegExp(`^(?:${PHONE_INPUT_PATTERN})$`, 'v');

  it.each(['13812345678', '138 1234 5678', '+86 138-1234-5678', '＋86（138）1234.5678', '008613812345678', '8613812345678', '+447911123456', '+1 (415) 555-2671'])(
    'lets %s through',
    (raw) => {
      expect(checkPhone(raw).valid).toBe(true);
      expect(pattern.test(raw)).toBe(true);
    },
  );

  it.each(['12345', '1381234567', '23812345678', '138123456789', '+0123456789', '138-abcd-5678', ''])('stops %s, as the server would', (raw) => {
    expect(checkPhone(raw).valid).toBe(false);
    expect(pattern.test(raw)).toBe(false);
  });

  it('matches every phone checkPhone accepts, over generated input', () => {
    const piece = fc.constantFrom('0', '1', '3', '5', '6', '8', '9', '1', '3', '8', '6', ' ', '-', '(', ')', '（', '）', '.', '\u3000', '+', '＋');
    const mobile = fc.tuple(fc.constantFrom('', '+86', '0086', '86', '+86 ', '＋86-'), fc.integer({ min: 3, max: 9 }), fc.stringMatching(/^\d{9}$/), fc.constantFrom('', ' ', '-'));
    const typed = fc.oneof(
      fc.array(piece, { maxLength: 20 }).map((parts) => parts.join('')),
      mobile.map(([prefix, second, rest, sep]) => `${prefix}1${second}${sep}${rest.slice(0, 4)}${sep}${rest.slice(4)}`),
      fc.tuple(fc.integer({ min: 1, max: 9 }), fc.stringMatching(/^\d{6,14}$/)).map(([first, rest]) => `+${first}${rest}`),
    );
    let accepted = 0;
    fc.assert(
      fc.property(typed, (raw) => {
        if (!checkPhone(raw).valid) return true;
        accepted += 1;
        return pattern.test(raw);
      }),
      { numRuns: 3000, seed: 20261124 },
    );
    // The generators reach valid numbers often enough for the property to mean something.
    expect(accepted).toBeGreaterThan(500);
  });
});
