import { formatDate, formatMoneyFromCents, formatMoneyTotals, type MyRecordResponse } from '@aipm/contracts';

import type { Language } from '~/i18n/config';

import { moneyKey, type RecordText } from './record-text';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Every calendar date anywhere in the record (class days, payment dates, the guarantee's window…). */
function datesIn(value: unknown, found: Set<string>): Set<string> {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) found.add(value);
  else if (Array.isArray(value)) for (const item of value) datesIn(item, found);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) datesIn(item, found);
  return found;
}

/** The record's dates and money in the page's language, formatted once on the server (see record-text.ts). */
export function recordText(record: MyRecordResponse['data'], language: Language): RecordText {
  const amounts: Array<[number, string]> = [];
  for (const contract of record.contracts) for (const cents of [contract.contractAmount, contract.paidAmount, contract.outstandingAmount]) amounts.push([cents, contract.currency]);
  for (const payment of record.payments.items) amounts.push([payment.amount, payment.currency]);
  for (const { need } of record.guarantee) {
    if ('target' in need) amounts.push([need.target, need.currency]);
    if ('amount' in need) amounts.push([need.amount, need.currency]);
    if ('bestSalary' in need && need.bestSalary !== null) amounts.push([need.bestSalary, need.currency]);
  }
  const { total, completed, pending, balance } = record.payments;
  return {
    dates: Object.fromEntries([...datesIn(record, new Set())].map((date) => [date, formatDate(date, language)])),
    money: Object.fromEntries(amounts.map(([cents, currency]) => [moneyKey(cents, currency), formatMoneyFromCents(cents, currency)])),
    totals: { total: formatMoneyTotals(total), completed: formatMoneyTotals(completed), pending: formatMoneyTotals(pending), balance: formatMoneyTotals(balance) },
  };
}
