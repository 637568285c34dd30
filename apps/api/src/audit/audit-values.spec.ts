import { AUDIT_REDACTED } from '@aipm/contracts';
import { diffValues, maskEmail, maskPhone, safeValues } from './audit-values';

describe('audit values', () => {
  it('masks phones as the lists do', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('+86 138 1234 5678')).toBe('138****5678');
    expect(maskPhone('123')).toBe('****');
    expect(maskEmail('zhangsan@example.com')).toBe('z***@example.com');
  });

  it('replaces every secret by its field name, nested ones too, and keeps that an empty one is empty', () => {
    const safe = safeValues({
      password: 'hunter22',
      newPassword: 'x',
      zhaopin_cookie: 'SESSION=abc',
      accessKeySecret: 'k',
      config: { token: 't', waitTime: 3 },
      apiKey: '',
      name: '张三',
      phone: '13812345678',
      searchGrams: ['张', '三'],
    });
    expect(safe).toEqual({
      password: AUDIT_REDACTED,
      newPassword: AUDIT_REDACTED,
      zhaopin_cookie: AUDIT_REDACTED,
      accessKeySecret: AUDIT_REDACTED,
      config: { token: AUDIT_REDACTED, waitTime: 3 },
      apiKey: null,
      name: '张三',
      phone: '138****5678',
    });
    expect(JSON.stringify(safe)).not.toMatch(/hunter22|SESSION=abc/);
  });

  it('makes text jsonb refuses (a NUL, a lone surrogate) storable', () => {
    expect(safeValues({ note: 'a\u0000b\ud800c' })).toEqual({ note: 'a\uFFFDb\uFFFDc' });
  });

  it('keeps only the changed fields of an update, and a whole side of a creation or deletion', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(diffValues({ status: 'new', note: null, createdAt: at }, { status: 'contacted', note: null, createdAt: new Date(at) })).toEqual({
      before: { status: 'new' },
      after: { status: 'contacted' },
    });
    expect(diffValues({ status: 'new' }, { status: 'new' })).toEqual({ before: null, after: null });
    expect(diffValues(null, { name: 'a', password: 'p' })).toEqual({ before: null, after: { name: 'a', password: AUDIT_REDACTED } });
    expect(diffValues({ name: 'a', email: 'e' }, null, ['email'])).toEqual({ before: { name: 'a' }, after: null });
    expect(diffValues({ password: 'old' }, { password: 'new' })).toEqual({ before: { password: AUDIT_REDACTED }, after: { password: AUDIT_REDACTED } });
  });
});
