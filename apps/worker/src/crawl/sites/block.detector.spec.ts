import { detectBlockPage } from './block.detector';

describe(detectBlockPage.name, () => {
  const page = (body: string) => `<html><body><header><a href="/login">登录</a></header>${body}</body></html>`;

  it.each([
    ['https://www.zhipin.com/web/user/?ka=header-login', page(''), 'login_wall'],
    ['https://passport.lagou.com/login/login.html', page(''), 'login_wall'],
    ['https://www.zhipin.com/web/user/safe/verify-slider', page(''), 'captcha'],
    ['https://we.51job.com/pc/search', page('<h2>扫码登录</h2><p>登录后查看更多职位</p>'), 'login_wall'],
    ['https://www.liepin.com/zhaopin/', page('<p>请拖动滑块完成验证</p>'), 'captcha'],
    ['https://www.lagou.com/wn/jobs', page('<p>您操作太频繁,请稍后再访问</p>'), 'blocked'],
  ])('recognises %s as %s', (url, html, expected) => {
    expect(detectBlockPage(html, new URL(url))).toBe(expected === 'login_wall' ? 'login_wall' : expected);
  });

  it('does not mistake a header login link for a login wall', () => {
    expect(detectBlockPage(page('<ul><li>没有找到相关职位</li></ul>'), new URL('https://www.zhipin.com/web/geek/job'))).toBeNull();
  });
});
