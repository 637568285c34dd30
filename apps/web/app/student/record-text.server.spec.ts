import type { MyRecordResponse } from '@aipm/contracts';

import { moneyKey } from './record-text';
import { recordText } from './record-text.server';

const record = {
  today: '2026-11-26',
  name: '李四',
  status: 'active',
  cohort: null,
  attendance: { attended: 1, marked: 1, rate: 100, days: [{ date: '2026-11-25', mark: 'present', module: null, dayOfModule: null }] },
  contracts: [
    { id: 'c', contractNumber: 'HT-1', courseName: 'x', contractAmount: 1_980_000, currency: 'CNY', startDate: '2026-11-23', endDate: '2027-01-22', signedDate: null, status: 'active', paidAmount: 2_000_000, outstandingAmount: -20_000, guaranteed: true, files: [] },
  ],
  payments: {
    items: [{ id: 'p', paymentNumber: 'PAY-20261120-7KQ2ZD', kind: 'refund', amount: -19_800, currency: 'CNY', paymentMethod: 'transfer', paymentDate: '2026-11-20', status: 'completed' }],
    total: [{ currency: 'CNY', amount: 2_000_000 }, { currency: 'USD', amount: 5_000 }],
    completed: [],
    pending: [],
    balance: [{ currency: 'CNY', amount: -20_000 }],
  },
  toolAccounts: [],
  guarantee: [{ contractNumber: 'HT-1', status: 'open', windowEnd: '2027-05-25', need: { code: 'report_offer', target: 20_000_000, currency: 'CNY', by: '2027-05-25' } }],
} satisfies MyRecordResponse['data'];

describe(recordText.name, () => {
  it('formats every date and amount of the record with the shared format library, in the page\'s language', () => {
    const zh = recordText(record, 'zh');
    expect(zh.dates).toEqual({
      '2026-11-26': '2026年11月26日',
      '2026-11-25': '2026年11月25日',
      '2026-11-23': '2026年11月23日',
      '2027-01-22': '2027年1月22日',
      '2026-11-20': '2026年11月20日',
      '2027-05-25': '2027年5月25日',
    });
    expect(zh.money[moneyKey(1_980_000, 'CNY')]).toBe('¥19,800.00');
    expect(zh.money[moneyKey(-20_000, 'CNY')]).toBe('-¥200.00');
    expect(zh.money[moneyKey(-19_800, 'CNY')]).toBe('-¥198.00');
    expect(zh.money[moneyKey(20_000_000, 'CNY')]).toBe('¥200,000.00');
    expect(zh.totals).toEqual({ total: '¥20,000.00 + 50.00 USD', completed: '¥0.00', pending: '¥0.00', balance: '-¥200.00' });
    expect(recordText(record, 'en').dates['2027-05-25']).toBe('25 May 2027');
  });
});
