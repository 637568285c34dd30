import { DEFAULT_LEAD_STATUS_REASONS, leadStatusReasonLabel, mergeLeadStatusReasons, parseLeadStatusReasons } from './lead-status-reasons';

describe('线索设置 reasons (ADR 068)', () => {
  it('reads the defaults without a stored row, or when the row cannot be read', () => {
    expect(parseLeadStatusReasons(undefined)).toEqual(DEFAULT_LEAD_STATUS_REASONS);
    expect(parseLeadStatusReasons('not json')).toEqual(DEFAULT_LEAD_STATUS_REASONS);
    expect(parseLeadStatusReasons('[{"code":"a"}]')).toEqual(DEFAULT_LEAD_STATUS_REASONS);
  });

  it('reads a stored list, retired entries kept as retired', () => {
    const stored = JSON.stringify([{ code: 'a', zh: '甲', en: 'A', retired: false }, { code: 'b', zh: '乙', en: 'B', retired: true }]);
    expect(parseLeadStatusReasons(stored)).toEqual([{ code: 'a', zh: '甲', en: 'A' }, { code: 'b', zh: '乙', en: 'B', retired: true }]);
  });

  it('retires what a save leaves out and brings a retired code back when offered again', () => {
    const previous = [{ code: 'a', zh: '甲', en: 'A' }, { code: 'b', zh: '乙', en: 'B' }, { code: 'c', zh: '丙', en: 'C', retired: true }];
    expect(mergeLeadStatusReasons(previous, [{ code: 'c', zh: '丙二', en: 'C2' }, { code: 'a', zh: '甲', en: 'A' }])).toEqual([
      { code: 'c', zh: '丙二', en: 'C2' },
      { code: 'a', zh: '甲', en: 'A' },
      { code: 'b', zh: '乙', en: 'B', retired: true },
    ]);
  });

  it('labels a code in either language, and a code no longer listed as itself', () => {
    expect(leadStatusReasonLabel(DEFAULT_LEAD_STATUS_REASONS, 'budget', 'zh')).toBe('预算不足');
    expect(leadStatusReasonLabel(DEFAULT_LEAD_STATUS_REASONS, 'budget', 'en')).toBe('Budget too small');
    expect(leadStatusReasonLabel(DEFAULT_LEAD_STATUS_REASONS, 'gone', 'zh')).toBe('gone');
  });
});
