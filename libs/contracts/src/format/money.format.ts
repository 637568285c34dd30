import { DEFAULT_CURRENCY } from '../enums/money.enums';
import { groupThousands } from './language';

const SYMBOLS: Record<string, string> = { CNY: '¥' };

/**
 * Money stored in integer cents, shown with its symbol and two decimals (spec §9: "¥ with two
 * decimals"): 123456 → "¥1,234.56". Integer arithmetic, so no float rounding creeps in.
 */
export function formatMoneyFromCents(cents: number, currency: string = DEFAULT_CURRENCY): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Amounts are integer cents, got ${cents}`);
  const absolute = Math.abs(cents);
  const whole = groupThousands(Math.floor(absolute / 100));
  const fraction = String(absolute % 100).padStart(2, '0');
  const symbol = SYMBOLS[currency];
  const amount = symbol ? `${symbol}${whole}.${fraction}` : `${whole}.${fraction} ${currency}`;
  return cents < 0 ? `-${amount}` : amount;
}
