import { detectBlockPage, geetestInData } from './block.detector';

describe(detectBlockPage.name, () => {
  const page = (body: string) => `<html><body><header><a href="/login">登录</a></header>${body}</body></html>`;
  /** A page with content of its own, as a job page or a result list has. */
  const article = '<main><h1>AI产品经理</h1><p>' + '负责大模型应用产品的规划、设计与迭代，撰写需求文档，与算法和研发团队协作推进上线。'.repeat(8) + '</p></main>';

  it.each([
    ['https://www.zhipin.com/web/user/?ka=header-login', page(''), 'login_wall'],
    ['https://passport.lagou.com/login/login.html', page(''), 'login_wall'],
    ['https://wow.liepin.com/t1009508/3b8e9c1a.html', page(''), 'login_wall'],
    ['https://www.zhipin.com/web/user/safe/verify-slider', page(''), 'captcha'],
    ['https://www.zhipin.com/web/common/security-check.html?seed=x&ts=1', page('<p>正在加载中...</p>'), 'captcha'],
    ['https://safe.liepin.com/page/securityCheck', page('<form><input placeholder="短信验证码"></form>'), 'captcha'],
    ['https://we.51job.com/pc/search', page('<div class="login-box"><h2>扫码登录</h2><p>登录后查看更多职位</p></div>'), 'login_wall'],
    ['https://www.liepin.com/zhaopin/', page('<p>请拖动滑块完成验证</p>'), 'captcha'],
    ['https://www.lagou.com/wn/jobs', page('<p>您操作太频繁,请稍后再访问</p>'), 'blocked'],
    ['https://www.zhipin.com/web/geek/job', page('<h3>您的账户存在异常访问行为，已暂时被限制访问</h3>'), 'blocked'],
    ['https://www.liepin.com/zhaopin/', '<html><head><meta http-equiv="refresh" content="0;url=https://wow.liepin.com/t1/a.html"></head><body>跳转中</body></html>', 'login_wall'],
    ['https://we.51job.com/pc/search', '<html><script>var arg1=\'A1B3C5D7E9F01234567890ABCDEF1234567890AB\';document.cookie="acw_sc__v2="+x</script></html>', 'captcha'],
  ])('recognises %s as %s', (url, html, expected) => {
    expect(detectBlockPage(html, new URL(url))?.reason).toBe(expected);
  });

  it('carries the site’s own words as evidence', () => {
    expect(detectBlockPage(page('<h3>您的账户存在异常访问行为，已暂时被限制访问</h3>'), new URL('https://www.zhipin.com/web/geek/job'))).toEqual({ reason: 'blocked', evidence: '您的账户存在异常访问行为，已暂时被限制访问' });
  });

  it('judges a rerouted address by the real one it stands for, in the address and in the page’s own redirect', () => {
    // An imitation's other host (CRAWLER_SITE_ORIGINS, SiteRegistry.realAddress): 127.0.0.1:4015 answers for wow.liepin.com.
    const realAddress = (url: URL) => (url.origin === 'http://127.0.0.1:4015' ? new URL(`${url.pathname}${url.search}`, 'https://wow.liepin.com') : url);
    const gate = page('<div class="login-box"><p>验证码登录</p></div>');
    expect(detectBlockPage(gate, new URL('http://127.0.0.1:4015/t1009508/3b8e9c1a.html'))).toBeNull();
    expect(detectBlockPage(gate, new URL('http://127.0.0.1:4015/t1009508/3b8e9c1a.html'), realAddress)).toEqual({ reason: 'login_wall', evidence: '猎聘 account gate (wow.liepin.com): wow.liepin.com/t1009508/3b8e9c1a.html' });
    const before = '<html><head><meta http-equiv="refresh" content="0;url=http://127.0.0.1:4015/t1/a.html"></head><body>页面跳转中...</body></html>';
    expect(detectBlockPage(before, new URL('http://127.0.0.1:4013/zhaopin/'), realAddress)?.reason).toBe('login_wall');
  });

  it.each([
    ['a header login link', page('<ul><li>没有找到相关职位</li></ul>')],
    ['a login pop-up over an empty result list', page('<p>没有找到相关职位</p><div class="boss-login-dialog"><h3>登录后查看更多职位</h3><div class="geetest_holder"></div></div>')],
    ['an SMS code field beside content', page(`${article}<form><input placeholder="短信验证码"><a>获取验证码</a></form>`)],
    ['a sign-in box beside content that asks to sign in', page(`${article}<div class="login-side"><p>请先登录</p><p>验证码登录</p></div>`)],
    ['a hidden GeeTest widget', page(`${article}<div style="display:none"><div class="geetest_holder"></div></div>`)],
    ['a login button whose script goes to the sign-in page', page(`${article}<script>function login(){location.href='/web/user/?ka=header-login'}</script>`)],
  ])('takes a normal page with %s for no refusal', (_case, html) => {
    expect(detectBlockPage(html, new URL('https://www.zhipin.com/job_detail/abc.html'))).toBeNull();
  });
});

describe(geetestInData.name, () => {
  it('finds a GeeTest challenge at the top or inside content', () => {
    expect(geetestInData({ success: 1, gt: '66442f2f720bfc86', challenge: 'x' })).toMatch(/GeeTest/);
    expect(geetestInData({ status: false, state: 2405, content: { gt: '66442f2f720bfc86', challenge: 'x' } })).toMatch(/GeeTest/);
    expect(geetestInData({ success: true, content: { positionResult: { result: [] } } })).toBeNull();
  });
});
