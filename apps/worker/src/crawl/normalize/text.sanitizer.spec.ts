import { toOptionalText, toPlainText } from './text.sanitizer';

describe(toPlainText.name, () => {
  it.each([
    ['<em>AI</em>产品经理', 'AI产品经理'],
    ['AI产品经理\u0007\u0000（大模型）', 'AI产品经理（大模型）'],
    ['  高级\n\t产品\u200B经理  ', '高级 产品经理'],
    ['R&amp;D &lt;团队&gt; &#25968;&#x636E;', 'R&D <团队> 数据'],
    ['<script>alert(1)</script>产品', '产品'],
    ['<a href="javascript:alert(1)" onclick="x()">链接</a>', '链接'],
  ])('turns %p into plain text', (input, expected) => {
    expect(toPlainText(input)).toBe(expected);
  });

  it('keeps paragraph breaks in multiline text', () => {
    expect(toPlainText('<p>岗位职责：</p><p>1. 负责<b>AI</b>产品规划</p><br><br><br>2. 跟进落地', { multiline: true })).toBe(
      '岗位职责：\n1. 负责AI产品规划\n\n2. 跟进落地',
    );
  });

  it('answers null for empty values', () => {
    expect(toOptionalText('<br/> \u0003 ')).toBeNull();
    expect(toOptionalText(undefined)).toBeNull();
  });
});
