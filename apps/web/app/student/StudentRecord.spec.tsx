import type { GuaranteeNeed } from '@aipm/contracts';

import { createTranslator } from '~/i18n/translator';
import en from '~/locales/en/common.json';
import zh from '~/locales/zh/common.json';

import { moneyKey, type RecordText } from './record-text';
import { guaranteeWords } from './StudentRecord';

/** The texts the loader would have formatted for these needs. */
const text: RecordText = {
  dates: { '2027-05-25': '2027年5月25日' },
  money: { [moneyKey(20_000_000, 'CNY')]: '¥200,000.00', [moneyKey(198_000, 'CNY')]: '¥1,980.00' },
  totals: { total: '¥0.00', completed: '¥0.00', pending: '¥0.00', balance: '¥0.00' },
};

describe(guaranteeWords.name, () => {
  const zhT = createTranslator('zh', zh).t;
  const words = (need: GuaranteeNeed) => guaranteeWords(zhT, need, text);

  it('says what is still needed: graduate first, or an offer of at least the target by the window\'s last day', () => {
    expect(words({ code: 'graduate_first', target: 20_000_000, currency: 'CNY', windowDays: 180, minAttendance: 90 })).toBe(
      '请先完成学业并毕业：毕业后 180 天内报告一份年薪不低于 ¥200,000.00 的对口录用即可达标；出勤率需不低于 90%。',
    );
    expect(words({ code: 'report_offer', target: 20_000_000, currency: 'CNY', by: '2027-05-25' })).toBe('请在 2027年5月25日 前报告一份年薪不低于 ¥200,000.00 的对口录用。');
  });

  it('says how it ended, with the amount owed', () => {
    expect(words({ code: 'attendance_below', minAttendance: 90 })).toBe('出勤率低于 90%，不符合薪资保障的条件。');
    expect(words({ code: 'bonus_due', amount: 198_000, currency: 'CNY' })).toBe('你的录用年薪超出目标，可获奖励 ¥1,980.00，学校将尽快支付。');
    expect(words({ code: 'withdrawn' })).toBe('已退学，不再享有薪资保障。');
    expect(guaranteeWords(createTranslator('en', en).t, { code: 'refunded' }, text)).toBe('The guarantee refund has been paid.');
  });
});
