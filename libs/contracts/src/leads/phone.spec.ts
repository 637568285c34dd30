import { LEAD_MESSAGES } from './lead.messages';
import { checkPhone, normalisePhone } from './phone';

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
    ['12812345678', LEAD_MESSAGES.invalidPhone], // second digit 2 is no mobile prefix
    ['1381234567', LEAD_MESSAGES.invalidPhone], // ten digits
    ['138123456789', LEAD_MESSAGES.invalidPhone],
    ['010-12345678', LEAD_MESSAGES.invalidPhone], // a landline
    ['abc', LEAD_MESSAGES.invalidPhone],
    ['', LEAD_MESSAGES.invalidPhone],
    ['+86 10 1234 5678', LEAD_MESSAGES.invalidMainlandPhone],
    ['0086 2812345678', LEAD_MESSAGES.invalidMainlandPhone],
    ['+0 123 4567', LEAD_MESSAGES.invalidPhone],
    ['+12345', LEAD_MESSAGES.invalidPhone], // too short for any country
    ['+1234567890123456', LEAD_MESSAGES.invalidPhone], // longer than E.164 allows
    ['+44 7911 12345x', LEAD_MESSAGES.invalidPhone],
  ])('refuses %p with a message saying what is expected', (raw, message) => {
    expect(checkPhone(raw)).toEqual({ valid: false, message });
  });

  it('gives the E.164 form for the lookups, or undefined', () => {
    expect(normalisePhone('+86 138-1234-5678')).toBe('+8613812345678');
    expect(normalisePhone('12345')).toBeUndefined();
  });
});
