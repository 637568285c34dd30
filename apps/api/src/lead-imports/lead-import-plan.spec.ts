import { InvalidInputError } from '../common/errors/api.error';
import { checkMapping, readRows } from './lead-import-plan';

const headers = ['姓名', '手机号', '邮箱'];
const table = (rows: string[][]) => ({ format: 'csv' as const, headers, rows: rows.map((cells, index) => ({ line: index + 2, cells })) });

describe(checkMapping.name, () => {
  it('takes JSON or an object, drops unmapped fields, and needs a phone', () => {
    expect(checkMapping('{"name":"姓名","phone":"手机号","email":""}', headers)).toEqual({ name: '姓名', phone: '手机号' });
    expect(() => checkMapping({ name: '姓名' }, headers)).toThrow(InvalidInputError.forField('mapping', 'LEAD_IMPORT_MAPPING_WITHOUT_PHONE'));
    for (const wrong of ['[', [], { phone: '电话' }, { phone: '手机号', name: '手机号' }, { phone: '手机号', age: '姓名' }, { phone: 3 }]) {
      expect(() => checkMapping(wrong, headers)).toThrow(InvalidInputError.forField('mapping', 'LEAD_IMPORT_MAPPING_INVALID'));
    }
  });
});

describe(readRows.name, () => {
  it('normalises phones and emails, keeps the first row of a phone, and says why each other row is skipped', () => {
    const { candidates, skipped } = readRows(
      table([
        ['张三', '138 0013 8000', 'ZHANG@Example.com'],
        ['张三', '+8613800138000', ''],
        ['李四', '', ''],
        ['王五', '12345', ''],
        ['', '13900139000', ''],
        ['赵六', '13700137000', 'not-an-email'],
      ]),
      { name: '姓名', phone: '手机号', email: '邮箱' },
    );
    expect(candidates.map(({ line, phoneNormalized, email, source }) => ({ line, phoneNormalized, email, source }))).toEqual([
      { line: 2, phoneNormalized: '+8613800138000', email: 'zhang@example.com', source: { utm_source: 'import', utm_medium: 'import' } },
      { line: 7, phoneNormalized: '+8613700137000', email: null, source: { utm_source: 'import', utm_medium: 'import' } },
    ]);
    expect(skipped).toEqual([
      { line: 3, reason: 'repeated_in_file' },
      { line: 4, reason: 'phone_missing' },
      { line: 5, reason: 'phone_invalid' },
      { line: 6, reason: 'name_missing' },
    ]);
  });
});
