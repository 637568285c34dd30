import { ERROR_CATALOGS, ERROR_MESSAGES, isErrorCode } from './error-catalog';

describe('error catalog', () => {
  it('defines each code in one feature only', () => {
    const codes = Object.values(ERROR_CATALOGS).flatMap((catalog) => Object.keys(catalog));
    const repeated = codes.filter((code, index) => codes.indexOf(code) !== index);
    expect(repeated).toEqual([]);
    expect(Object.keys(ERROR_MESSAGES)).toHaveLength(codes.length);
  });

  it('names codes in UPPER_SNAKE and gives each a Chinese message', () => {
    for (const [code, message] of Object.entries(ERROR_MESSAGES)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      expect(message).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('tells codes from other text', () => {
    expect(isErrorCode('TASK_NOT_FOUND')).toBe(true);
    expect(isErrorCode('任务不存在')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });
});
