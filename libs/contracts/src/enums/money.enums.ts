/**
 * Currencies are ISO 4217 codes. CNY is the default everywhere (docs/product/constants.md#money); other codes
 * are allowed because the admin job list appends a non-CNY currency to the salary.
 */
export const Currency = {
  CNY: 'CNY',
} as const;
export type Currency = (typeof Currency)[keyof typeof Currency];
export const DEFAULT_CURRENCY: Currency = Currency.CNY;
/** Shape every stored currency code must have (three upper-case letters). */
export const CURRENCY_CODE_PATTERN = /^[A-Z]{3}$/;
