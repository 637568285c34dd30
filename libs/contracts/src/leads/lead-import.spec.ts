import { suggestLeadImportMapping } from './lead-import';

describe(suggestLeadImportMapping.name, () => {
  it('maps the usual Chinese and English headers, whole names before contained ones', () => {
    expect(suggestLeadImportMapping(['姓名', '手机号码（必填）', '邮箱', '学校', '专业', '备注', '来源'])).toEqual({
      name: '姓名',
      phone: '手机号码（必填）',
      email: '邮箱',
      school: '学校',
      major: '专业',
      note: '备注',
      source: '来源',
    });
    expect(suggestLeadImportMapping(['Full Name', 'Phone Number', 'E-mail', 'Notes'])).toEqual({ name: 'Full Name', phone: 'Phone Number', email: 'E-mail', note: 'Notes' });
  });

  it('gives a header to one field at most and leaves the rest unmapped', () => {
    expect(suggestLeadImportMapping(['电话', '联系电话'])).toEqual({ phone: '电话' });
    expect(suggestLeadImportMapping(['提交时间', '广告计划'])).toEqual({});
  });
});
