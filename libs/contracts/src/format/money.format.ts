import { DEFAULT_CURRENCY } from '../enums/money.enums';
import { groupThousands } from './language';

const SYMBOLS: Record<string, string> = { CNY: '¥' };

/**
 * Money stored in integer cents, shown with its symbol and two decimals (docs/product/constants.md#money):
 * 123456 → "¥1,234.56". Integer arithmetic, so no float rounding creeps in.
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

const YUAN = /^(\d+)(?:\.(\d+))?$/;

/**
 * The payment form's amount (docs/product/validation.md#payment-form: yuan typed as text, × 100 and rounded to
 * cents): "19,800.5" → 1980050.
 * Parsed as decimal text, never through a float, so "0.29" is 29 and not 28.999…; a third decimal rounds half
 * up. Undefined for anything that is not a plain non-negative amount (the form then says 请输入有效的金额).
 */
export function parseYuanToCents(text: string): number | undefined {
  const match = YUAN.exec(text.trim().replace(/^[¥￥]/, '').replace(/,/g, ''));
  if (!match) return undefined;
  const [, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) + (Number(fraction[2] ?? 0) >= 5 ? 1 : 0);
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/** Sums in several currencies, one figure per currency (MoneyTotal of the students' responses, by shape). */
export interface CurrencyAmount {
  currency: string;
  amount: number;
}

/** Lists of per-currency sums added together, currencies in order; a currency summing to 0 is left out. */
export function sumMoneyTotals(lists: ReadonlyArray<readonly CurrencyAmount[]>): CurrencyAmount[] {
  const sums = new Map<string, number>();
  for (const list of lists) for (const { currency, amount } of list) sums.set(currency, (sums.get(currency) ?? 0) + amount);
  return [...sums].filter(([, amount]) => amount !== 0).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([currency, amount]) => ({ currency, amount }));
}

/** Per-currency sums as one text: "¥19,800.00 + 50.00 USD"; none is ¥0.00. */
export function formatMoneyTotals(totals: readonly CurrencyAmount[]): string {
  return totals.length === 0 ? formatMoneyFromCents(0) : totals.map((total) => formatMoneyFromCents(total.amount, total.currency)).join(' + ');
}
