import {
  CONTACT_SUBJECTS,
  CONTRACT_STATUSES,
  CRAWL_RESULT_STATUSES,
  CRAWL_SITES,
  CRAWL_TASK_STATUSES,
  CURRENCY_CODE_PATTERN,
  DEFAULT_CURRENCY,
  DEFAULT_PAYMENT_METHOD,
  EMPLOYMENT_TYPES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  STUDENT_ACCOUNT_STATUSES,
  STUDENT_STATUSES,
} from './index';

// The stored values are part of the database schema (CHECK constraints) and of the API: changing one needs a migration.
describe('contract enums', () => {
  it.each([
    ['crawl task status', CRAWL_TASK_STATUSES, ['pending', 'running', 'completed', 'failed']],
    ['crawl result status', CRAWL_RESULT_STATUSES, ['pending', 'approved', 'published', 'rejected']],
    ['crawl site', CRAWL_SITES, ['zhaopin', 'zhipin', 'job51', 'liepin', 'lagou', 'other']],
    ['employment type', EMPLOYMENT_TYPES, ['full_time', 'part_time', 'contract', 'internship']],
    ['student status', STUDENT_STATUSES, ['active', 'graduated', 'suspended', 'withdrawn']],
    ['contract status', CONTRACT_STATUSES, ['active', 'completed', 'terminated']],
    ['payment status', PAYMENT_STATUSES, ['pending', 'completed', 'failed', 'refunded']],
    ['payment method', PAYMENT_METHODS, ['cash', 'transfer', 'card', 'wechat', 'alipay']],
    ['student account status', STUDENT_ACCOUNT_STATUSES, ['active', 'suspended', 'inactive']],
    ['contact subject', CONTACT_SUBJECTS, ['course', 'pricing', 'enterprise', 'technical', 'other']],
  ])('lists the values of %s in the documented order', (_name, values, expected) => {
    expect(values).toEqual(expected);
  });

  it('defaults money to CNY and payments to bank transfer', () => {
    expect(DEFAULT_CURRENCY).toBe('CNY');
    expect(CURRENCY_CODE_PATTERN.test(DEFAULT_CURRENCY)).toBe(true);
    expect(CURRENCY_CODE_PATTERN.test('cny')).toBe(false);
    expect(DEFAULT_PAYMENT_METHOD).toBe('transfer');
  });
});
