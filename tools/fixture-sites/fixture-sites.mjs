// Local imitations of the five job sites' search pages and data endpoints, for crawler tests, the
// benchmark and demos. Each site listens on its own 127.0.0.1 port and answers on the same paths as the
// real site, with the same JSON shapes. Modes per site: normal, login-wall, captcha, dom (server-rendered
// cards only, class names renamed whenever rotateClasses() is called), flaky (the first search-page and
// data request after the mode is set answer 503), redirect-away (the search page redirects off the site), refusing
// (every `refuseEvery`-th search page, 10 by default, is the site's own refusal from the refusal corpus: BOSS直聘's
// 403 account restriction, 51job's and 智联's Alibaba Cloud WAF 405, 拉勾's 操作太频繁 page, 猎聘's HTTP 429; the
// pages between are normal). In the captcha mode (optionally from a page number on: setMode's fromPage) the search page
// redirects to a slider check that a pointer drag across it passes: the site then lets that browser (its
// fixture_verified_<site> cookie) through until the mode is set again and sends it back to the page it came from. In the signed-in-only mode a
// visitor without the fixture's session meets the site's sign-in; 猎聘's search page sends it on to its account gate on
// another host, as the real one sends visitors to wow.liepin.com (GATE_HOSTS: that host's stand-in listens on a port of
// its own, and `env` names it for the worker). Job ids are derived from the query, so the same page always lists the same jobs.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { URLSearchParams } from 'node:url';

export const FIXTURE_SITES = ['zhaopin', 'zhipin', 'job51', 'liepin', 'lagou'];
export const FIXTURE_MODES = ['normal', 'login-wall', 'captcha', 'dom', 'flaky', 'redirect-away', 'refusing', 'signed-in-only'];

/** A saved answer of the refusal corpus (apps/worker/src/crawl/sites/<site>/fixtures/refusals, ADR 060). */
const corpusPage = (site, file) => readFileSync(new URL(`../../apps/worker/src/crawl/sites/${site}/fixtures/refusals/${file}`, import.meta.url), 'utf8');
/** What each site answers when it refuses a page in the refusing mode: status and page, as the corpus saved them. */
const REFUSALS = {
  zhipin: () => ({ status: 403, html: corpusPage('zhipin', 'account-restricted-403.html') }),
  job51: () => ({ status: 405, html: corpusPage('job51', 'waf-blocked-405.html') }),
  zhaopin: () => ({ status: 405, html: corpusPage('zhaopin', 'waf-blocked-405.html') }),
  lagou: () => ({ status: 200, html: corpusPage('lagou', 'too-frequent.html') }),
  // A rate limit keeps its HTTP meaning (429 is not read as a page, docs/product/crawler.md#what-counts-as-a-refusal).
  liepin: () => ({ status: 429, html: '<!doctype html><html><head><meta charset="utf-8"><title>429 Too Many Requests</title></head><body><h1>429 Too Many Requests</h1></body></html>' }),
};

/** Hosts of a site besides its own that the imitation stands in for: 猎聘's account gate. */
const GATE_HOSTS = { 'wow.liepin.com': 'liepin' };
/**
 * The gate's page (the refusal corpus's) with the imitation's QR sign-in, as the real gate signs a visitor in: once
 * the test's "scan" (POST /web/user/qr/scan on 猎聘's own origin) has marked the ticket, the page's poll receives the
 * session cookie (127.0.0.1's cookies ignore the port, so the site's origin sees it) and goes back to `backUrl`, else
 * to the site's home page.
 */
const GATE_PAGE = (ticket, siteOrigin) =>
  corpusPage('liepin', 'wow-account-gate.html').replace(
    '</body>',
    `<div class="qr-login"><div class="qr-code" data-ticket="${ticket}" style="width:160px;height:160px;background:repeating-linear-gradient(45deg,#000 0 8px,#fff 8px 16px)"></div><p class="qr-state">请使用猎聘App扫码</p></div>
<script>
const poll = setInterval(() => fetch('/web/user/qr/status?ticket=${ticket}').then((r) => r.json()).then((d) => {
  if (!d.scanned) return;
  clearInterval(poll);
  sessionStorage.setItem('fixture_token', d.token);
  document.querySelector('.qr-state').textContent = '登录成功';
  location.href = new URLSearchParams(location.search).get('backUrl') || '${siteOrigin}/';
}), 300);
</script>
</body>`,
  );
const GATE_PATH = /^\/t\d+\/[0-9a-f]+\.html$/;
/** The corpus's page with its real addresses pointed at the stand-ins, as the real site's point at its hosts. */
const gateRedirectPage = (gateOrigin, siteOrigin) =>
  corpusPage('liepin', 'gate-before-redirect.html').replaceAll('https://wow.liepin.com', gateOrigin).replaceAll(encodeURIComponent('https://www.liepin.com'), encodeURIComponent(siteOrigin));

const TITLES = ['AI产品经理', '大模型产品经理', 'AIGC产品经理', '高级AI产品经理', 'AI产品经理（智能客服）', 'AI产品运营', '数据产品经理', 'AI解决方案产品经理', 'AI Agent产品经理', '对话机器人产品经理'];
const COMPANIES = ['长沙智算科技有限公司', '湖南星图网络科技有限公司', '北京深言智能科技有限公司', '上海灵犀信息技术有限公司', '杭州云帆数据有限公司', '深圳极光互动科技有限公司', '广州知行教育科技有限公司', '成都蓉数信息技术有限公司'];
const DISTRICTS = ['岳麓区', '天心区', '雨花区', '开福区', '芙蓉区'];
const SKILLS = ['Axure', 'PRD', '大模型', 'Prompt', 'SQL', '数据分析', 'B端产品', 'RAG', '用户研究', 'Python'];
const SALARIES = {
  zhipin: ['15-25K·14薪', '20-35K·15薪', '12-18K', '25-40K·16薪', '面议'],
  job51: ['1-1.5万', '1.5-2.5万', '8千-1.2万', '2-3万·13薪', '200-300元/天'],
  liepin: ['20-35k·14薪', '18-30k', '30-50k·15薪', '面议', '15-25k'],
  zhaopin: ['8千-1.2万', '1-1.5万', '1.2-2万·13薪', '6千-9千', '1.5-2.5万'],
  lagou: ['15k-25k', '20k-40k', '10k-18k', '25k-45k', '12k-20k'],
};

const hex = (text, length = 12) => createHash('sha256').update(text).digest('hex').slice(0, length);
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const json = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Time in China (UTC+8) as the sites print it. */
function chinaTime(date, compact = false) {
  const t = new Date(date.getTime() + 8 * 3600_000).toISOString();
  return compact ? t.slice(0, 19).replace(/[-T:]/g, '') : `${t.slice(0, 10)} ${t.slice(11, 19)}`;
}

/** The jobs of one search page: the same query always yields the same ids. */
export function fixtureJobs(site, { keyword, city, page, perPage }) {
  const jobs = [];
  for (let index = 0; index < perPage; index += 1) {
    const n = (page - 1) * perPage + index;
    const id = hex(`${site}|${keyword}|${city}|${n}`);
    jobs.push({
      id,
      number: Number.parseInt(id.slice(0, 8), 16),
      title: `${TITLES[n % TITLES.length]}${n >= TITLES.length ? ` ${Math.floor(n / TITLES.length) + 1}` : ''}`,
      company: COMPANIES[n % COMPANIES.length],
      city,
      district: DISTRICTS[n % DISTRICTS.length],
      salary: SALARIES[site][n % SALARIES[site].length],
      skills: [SKILLS[n % SKILLS.length], SKILLS[(n + 3) % SKILLS.length]],
      postedAt: new Date(Date.now() - (n + 1) * 3_600_000),
      experience: ['1-3年', '3-5年', '5-10年'][n % 3],
      degree: ['本科', '硕士', '大专'][n % 3],
    });
  }
  return jobs;
}

// ── data shapes of each site ─────────────────────────────────────────────

const shapes = {
  zhipin: (jobs, { page, totalPages }) => ({
    code: 0,
    message: 'Success',
    zpData: {
      hasMore: page < totalPages,
      totalCount: totalPages * jobs.length,
      resCount: jobs.length,
      lid: hex(`lid${page}`, 20),
      jobList: jobs.map((job) => ({
        securityId: hex(`sec${job.id}`, 40),
        encryptJobId: `${job.id}1XZ~`,
        jobName: job.title,
        salaryDesc: job.salary,
        jobLabels: [job.experience, job.degree],
        skills: job.skills,
        jobExperience: job.experience,
        jobDegree: job.degree,
        cityName: job.city,
        areaDistrict: job.district,
        businessDistrict: '麓谷',
        brandName: job.company,
        brandIndustry: '人工智能',
        brandScaleName: '100-499人',
        bossName: '王女士',
        bossTitle: 'HRBP',
        welfareList: ['五险一金', '带薪年假'],
      })),
    },
  }),
  job51: (jobs, { totalPages }) => ({
    status: '1',
    message: '',
    resultbody: {
      searchType: '2',
      job: {
        totalCount: totalPages * jobs.length,
        items: jobs.map((job) => ({
          jobId: String(job.number),
          jobName: job.title,
          jobHref: `https://jobs.51job.com/changsha/${job.number}.html?s=sou_sou_soulb&t=0_0&req=${job.id}`,
          fullCompanyName: job.company,
          companyName: job.company.replace(/有限公司$/, ''),
          jobAreaString: `${job.city}·${job.district}`,
          provideSalaryString: job.salary,
          issueDateString: chinaTime(job.postedAt),
          workYearString: job.experience,
          degreeString: job.degree,
          jobTags: job.skills,
          jobDescribe: `<p>岗位职责：</p><p>1. 负责${escapeHtml(job.title)}的规划与落地\u0007</p><br><p>2. 与算法团队协作</p>`,
          companyHref: `https://jobs.51job.com/all/co${job.number}.html`,
        })),
      },
    },
  }),
  liepin: (jobs, { page, totalPages }) => ({
    flag: 1,
    data: {
      pagination: { currentPage: page - 1, totalPage: totalPages, totalCounts: totalPages * jobs.length, pageSize: jobs.length },
      data: {
        jobCardList: jobs.map((job) => ({
          job: {
            jobId: String(job.number),
            title: job.title,
            salary: job.salary,
            dq: `${job.city}-${job.district}`,
            link: `https://www.liepin.com/job/19${job.number}.shtml?d_sfrom=search_prime&d_ckId=${job.id}`,
            refreshTime: chinaTime(job.postedAt, true),
            labels: job.skills,
            requireWorkYears: job.experience,
            requireEduLevel: job.degree,
            topJob: false,
          },
          comp: { compId: job.number % 100000, compName: job.company, compIndustry: '人工智能', compScale: '100-499人' },
          recruiter: { recruiterName: '李先生', recruiterTitle: '招聘经理' },
        })),
      },
    },
  }),
  zhaopin: (jobs, { page, totalPages }) => ({
    positionCount: totalPages * jobs.length,
    pageIndex: page,
    pageSize: jobs.length,
    positionList: jobs.map((job) => ({
      jobId: job.number,
      number: `CC${job.number}J40${job.id.slice(0, 6)}`,
      name: job.title,
      salary60: job.salary,
      companyName: job.company,
      workCity: job.city,
      cityDistrict: job.district,
      positionURL: `https://www.zhaopin.com/jobdetail/CC${job.number}J40${job.id.slice(0, 6)}.htm?refcode=4019&srccode=401901`,
      publishTime: chinaTime(job.postedAt),
      workingExp: job.experience,
      education: job.degree,
      jobSummary: `负责${job.title}相关工作&nbsp;<br/>熟悉${job.skills.join('、')}`,
      skillLabel: job.skills.map((value) => ({ state: 0, value })),
    })),
  }),
  lagou: (jobs, { page, totalPages, perPage }) => ({
    pageNo: page,
    pageSize: perPage,
    positionResult: {
      totalCount: totalPages * perPage,
      resultSize: jobs.length,
      result: jobs.map((job) => ({
        positionId: job.number,
        positionName: job.title,
        companyFullName: job.company,
        companyShortName: job.company.slice(0, 4),
        city: job.city,
        district: job.district,
        salary: job.salary,
        createTime: chinaTime(job.postedAt),
        formatCreateTime: '1天前发布',
        workYear: job.experience,
        education: job.degree,
        skillLables: job.skills,
        positionLables: job.skills,
        positionDetail: `<p>职位描述：</p><p>负责${escapeHtml(job.title)}</p>`,
      })),
    },
  }),
};

// ── pages ────────────────────────────────────────────────────────────────

const LAYOUT = (title, body, head = '') => `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>${head}</head>
<body><header class="header"><a href="/">首页</a> <a href="/login" class="btn-login">登录</a> <a href="/register">注册</a></header>
${body}
<footer class="footer"><a href="/about">关于我们</a> <a href="/help">帮助中心</a> <a href="/privacy">隐私政策</a></footer></body></html>`;

/**
 * A signed-in page's script sends the token its sign-in left in Web Storage (BOSS keeps one in localStorage, liepin in
 * sessionStorage), read when the page starts: a crawl shows it restored the site's storage before the site's scripts.
 */
const STORED_TOKEN_HEADER = `{ 'x-fixture-token': localStorage.getItem('fixture_token') || sessionStorage.getItem('fixture_token') || '' }`;

/** The client script of a page that loads its list from the data endpoint, as the real sites do. */
function clientList(fetchCode, listPath, fields) {
  return `<ul class="job-list-box"></ul><script>
const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
${fetchCode}.then((r) => r.json()).then((d) => {
  const list = ${listPath} || [];
  const box = document.querySelector('.job-list-box');
  for (const j of list) { const li = document.createElement('li'); li.className = 'job-card-wrapper';
    li.innerHTML = '<a class="job-name" href="' + esc(${fields.href}) + '">' + esc(${fields.title}) + '</a><span class="salary">' + esc(${fields.salary}) + '</span><div class="company-name">' + esc(${fields.company}) + '</div>';
    box.appendChild(li); }
  document.body.dataset.loaded = String(list.length);
});</script>`;
}

const queryOf = (site, url) => {
  const p = url.searchParams;
  switch (site) {
    case 'zhipin':
      return { keyword: p.get('query') ?? '', city: p.get('city') ?? '', page: Number(p.get('page') ?? 1) };
    case 'job51':
      return { keyword: p.get('keyword') ?? '', city: p.get('jobArea') ?? '', page: Number(p.get('pageNum') ?? 1) };
    case 'liepin':
      return { keyword: p.get('key') ?? '', city: p.get('dq') ?? '', page: Number(p.get('currentPage') ?? 0) + 1 };
    case 'zhaopin':
      return { keyword: p.get('kw') ?? '', city: p.get('jl') ?? '', page: Number(p.get('p') ?? 1) };
    case 'lagou':
      return { keyword: p.get('kd') ?? '', city: p.get('city') ?? '', page: Number(p.get('pn') ?? 1) };
  }
  return { keyword: '', city: '', page: 1 };
};

const CITY_NAMES = { '101250100': '长沙', 190200: '长沙', 180020: '长沙', 749: '长沙', 101010100: '北京', '010000': '北京', '010': '北京', 530: '北京' };
const cityName = (code) => CITY_NAMES[code] ?? (/^[\u4e00-\u9fa5]+$/.test(code) ? code : '长沙');

export const SEARCH_PATHS = { zhipin: '/web/geek/job', job51: '/pc/search', liepin: '/zhaopin/', zhaopin: '/', lagou: '/wn/jobs' };
const DATA_PATHS = {
  zhipin: '/wapi/zpgeek/search/joblist.json',
  job51: '/api/job/search-pc',
  liepin: '/api/com.liepin.searchfront4c.pc-search-job',
  zhaopin: '/c/i/sou',
  lagou: '/jobs/v2/positionAjax.json',
};

/**
 * zhaopin's positions endpoint (`/c/i/sou`) in its documented shape, unlike the page's embedded state:
 * `jobName`, and `company`, `city`, `workingExp`, `eduLevel` as objects.
 */
function zhaopinSouAnswer(state, jobs) {
  return {
    code: 200,
    data: {
      numFound: state.positionCount,
      results: state.positionList.map((item, i) => ({
        number: item.number,
        jobName: item.name,
        company: { number: `CZ${jobs[i].number}`, name: item.companyName, size: { code: '3', name: '100-499人' }, type: { code: '5', name: '民营' } },
        positionURL: item.positionURL,
        workingExp: { code: '', name: item.workingExp },
        eduLevel: { code: '', name: item.education },
        salary: item.salary60,
        emplType: '全职',
        city: { items: [{ code: '', name: item.workCity }], display: `${item.workCity}-${item.cityDistrict}` },
        updateDate: item.publishTime,
        welfare: ['五险一金'],
        positionLabel: JSON.stringify({ jobLight: [], skill: jobs[i].skills }),
      })),
    },
  };
}

function searchPage(site, jobs, context) {
  const data = shapes[site](jobs, context);
  switch (site) {
    case 'zhipin':
      return LAYOUT('「AI产品经理招聘」- BOSS直聘', clientList(`fetch('${DATA_PATHS.zhipin}' + location.search + '&scene=1', { headers: ${STORED_TOKEN_HEADER} })`, 'd.zpData && d.zpData.jobList', { href: "'/job_detail/' + j.encryptJobId + '.html'", title: 'j.jobName', salary: 'j.salaryDesc', company: 'j.brandName' }));
    case 'job51':
      return LAYOUT('前程无忧 - 职位搜索', clientList(`fetch('${DATA_PATHS.job51}?api_key=51job&' + location.search.slice(1) + '&pageSize=20')`, 'd.resultbody && d.resultbody.job.items', { href: 'j.jobHref', title: 'j.jobName', salary: 'j.provideSalaryString', company: 'j.fullCompanyName' }));
    case 'liepin': {
      const fetchCode = `fetch('${DATA_PATHS.liepin}', { method: 'POST', headers: Object.assign({ 'content-type': 'application/json' }, ${STORED_TOKEN_HEADER}), body: JSON.stringify({ data: { mainSearchPcConditionForm: Object.fromEntries(new URLSearchParams(location.search)) } }) })`;
      return LAYOUT('猎聘 - 找工作', clientList(fetchCode, 'd.data && d.data.data.jobCardList.map((c) => Object.assign({}, c.job, { compName: c.comp.compName }))', { href: 'j.link', title: 'j.title', salary: 'j.salary', company: 'j.compName' }));
    }
    case 'zhaopin':
      return LAYOUT('智联招聘 - 职位搜索', `<div class="joblist-box">${jobs.map((job, i) => `<div class="joblist-box__item"><a class="jobinfo__name" href="${escapeHtml(data.positionList[i].positionURL)}">${escapeHtml(job.title)}</a><p class="jobinfo__salary">${escapeHtml(job.salary)}</p><a class="companyinfo__name">${escapeHtml(job.company)}</a></div>`).join('')}</div>
<script>__INITIAL_STATE__=${json(data)}</script>`);
    case 'lagou':
      return LAYOUT('拉勾招聘', `<div id="jobList">${jobs.map((job, i) => `<div class="item__10RTO"><a id="openWinPostion" href="https://www.lagou.com/wn/jobs/${data.positionResult.result[i].positionId}.html">${escapeHtml(job.title)}</a><span class="money__3Lkgq">${escapeHtml(job.salary)}</span><div class="company-name__2-SjF">${escapeHtml(job.company)}</div></div>`).join('')}</div>
<script id="__NEXT_DATA__" type="application/json">${json({ props: { pageProps: { initData: { content: data } } }, page: '/wn/jobs', query: {} })}</script>`);
  }
  return LAYOUT('?', '');
}

/** Server-rendered cards only, with class names of the current generation: what DOM extraction faces. */
function domPage(site, jobs, generation) {
  const c = (name) => `${generation}-${name}`;
  const detail = (job) => (site === 'zhipin' ? `/job_detail/${job.id}.html` : `/job/${job.number}.html`);
  const cards = jobs
    .map(
      (job) => `<li class="${c('card')}"><div class="${c('head')}"><a class="${c('title')}" href="${detail(job)}">${escapeHtml(job.title)}</a><span class="${c('pay')}">${escapeHtml(job.salary)}</span></div>
<div class="${c('meta')}"><span class="${c('area')}">${escapeHtml(job.city)}·${escapeHtml(job.district)}</span><span class="${c('req')}">${job.experience} ${job.degree}</span></div>
<div class="${c('firm')}"><a class="${c('firm-name')}" href="/company/${job.number % 997}.html">${escapeHtml(job.company)}</a></div>
<ul class="${c('tags')}">${job.skills.map((skill) => `<li>${escapeHtml(skill)}</li>`).join('')}</ul></li>`,
    )
    .join('\n');
  const sidebar = `<aside class="${c('side')}"><h3>热门职位</h3><ul>${TITLES.slice(0, 5).map((title, i) => `<li class="${c('hot')}"><a href="/hot/${i}.html">${escapeHtml(title)}</a></li>`).join('')}</ul></aside>`;
  return LAYOUT('职位搜索', `<main class="${c('main')}"><ul class="${c('list')}">${cards}</ul></main>${sidebar}`);
}

/**
 * A posting's own page, for the liveness check of published jobs (docs/product/crawler.md#published-jobs-that-stay-alive).
 * The address says what the posting has become: `gone` answers 404, `closed` says 职位已关闭, `offline` says
 * 该职位已下线, `expired` is an ordinary-looking page whose embedded data flags it expired, `refused` is the
 * site's block page (403); anything else is an open posting.
 */
const POSTING_PATH = /^\/(job_detail|job|jobs|jobdetail)\/|\.s?html$/;
function postingAnswer(path) {
  const page = (status, body, head = '') => ({ status, html: LAYOUT('AI产品经理 - 职位详情', body, head) });
  const details = '<div class="job-detail"><h1 class="job-name">AI产品经理</h1><p class="salary">15-25K·14薪</p><div class="job-sec"><h3>职位描述</h3><p>负责大模型产品的规划与落地，与算法、研发团队协作推进需求，跟踪上线效果并持续迭代。熟悉 AIGC 应用场景，有数据分析能力，能够独立撰写需求文档并推动跨部门协作。</p><p>任职要求：本科及以上学历，三年以上互联网产品经验，有 AI 产品经验优先。</p></div></div>';
  if (path.includes('gone')) return { status: 404, html: LAYOUT('404', '<h1>页面不存在</h1>') };
  if (path.includes('closed')) return page(200, '<div class="job-detail"><h1 class="job-name">AI产品经理</h1><div class="job-status">职位已关闭</div><p>该职位已停止招聘，看看其他机会吧。</p></div>');
  if (path.includes('offline')) return page(200, '<div class="job-detail"><h1 class="job-name">AI产品经理</h1><p class="tip">该职位已下线</p></div>');
  if (path.includes('expired')) return page(200, details, '<script>window.__INITIAL_STATE__={"jobInfo":{"jobName":"AI产品经理","isExpired":true,"salaryDesc":"15-25K"}}</script>');
  if (path.includes('refused')) return page(403, '<div class="error-content"><h1>访问受限</h1><p>您的访问行为异常，已暂时被限制访问，请稍后再试。</p></div>');
  return page(200, details, '<script>window.__INITIAL_STATE__={"jobInfo":{"jobName":"AI产品经理","isExpired":false}}</script>');
}

const LOGIN_PAGE = LAYOUT('登录', '<div class="login-box"><h2>扫码登录</h2><p>登录后查看更多职位</p><form><input name="phone" placeholder="手机号"><button>登录/注册</button></form></div>');
/**
 * The slider check: its knob (SLIDER_TARGETS.start) dragged with the button held at least SLIDER_PASS_PX to the right
 * (SLIDER_TARGETS.end) POSTs /web/user/safe/verify-slider/pass, which sets the site's fixture_verified_<site> cookie; the
 * page then goes back to `back`, the page that was refused. A click, or a drag too short, does nothing.
 */
const SLIDER_PASS_PX = 300;
const CAPTCHA_PAGE = (back = '/') =>
  LAYOUT(
    '安全验证',
    `<div class="verify-wrap"><p>您的访问行为异常，请完成验证</p><div class="geetest_slider" style="position:fixed;left:0;top:300px;width:400px;height:40px;background:#e8e8e8;margin:0">
<div class="slider-knob" style="position:absolute;left:0;top:0;width:40px;height:40px;background:#1677ff"></div><span style="margin-left:60px;line-height:40px">请拖动滑块完成验证</span></div></div>
<script>
const knob = document.querySelector('.slider-knob');
let from = null;
knob.addEventListener('mousedown', (event) => { from = event.clientX; });
document.addEventListener('mousemove', (event) => { if (from !== null) knob.style.left = Math.max(0, Math.min(360, event.clientX - from)) + 'px'; });
document.addEventListener('mouseup', (event) => {
  if (from === null) return;
  const moved = event.clientX - from;
  from = null;
  if (moved < ${SLIDER_PASS_PX}) { knob.style.left = '0px'; return; }
  fetch('/web/user/safe/verify-slider/pass', { method: 'POST', body: JSON.stringify({ moved }) }).then(() => { location.href = ${JSON.stringify(back)}; });
});
</script>`,
  );
const LOGIN_BODIES = {
  zhipin: { code: 7, message: '当前登录状态已失效' },
  job51: { status: '0', message: '请先登录' },
  liepin: { flag: 0, code: '1001', msg: '请登录后查看' },
  zhaopin: { code: 401, message: '请登录' },
  lagou: { status: false, msg: '请先登录' },
};
const CAPTCHA_BODIES = {
  zhipin: { code: 37, message: '您的访问行为异常，请完成验证' },
  job51: { status: '0', message: '请完成滑动验证' },
  liepin: { flag: 0, msg: '请完成安全验证' },
  zhaopin: { code: 403, message: '请完成验证' },
  lagou: { status: false, msg: '您操作太频繁，请完成验证' },
};

/** An element 400×40 at the left edge, `top` pixels down the viewport: where a test clicks it. */
const AT = (top) => `position:fixed;left:0;top:${top}px;width:400px;height:40px;margin:0;box-sizing:border-box`;
/** The centres of the sign-in pages' fixed elements, in the live view's viewport. */
export const SLIDER_TARGETS = { start: { x: 20, y: 320 }, end: { x: 390, y: 320 } };
export const LIVE_VIEW_TARGETS = { toPassword: { x: 100, y: 720 }, phone: { x: 100, y: 120 }, password: { x: 100, y: 220 }, code: { x: 100, y: 320 }, sendCode: { x: 100, y: 420 }, submit: { x: 100, y: 520 } };

/**
 * A QR sign-in as BOSS直聘 and liepin show it: the page polls for its ticket; once "scanned" (the phone: a POST to
 * /web/user/qr/scan, which a test makes) the poll answers with the session cookie, and the page keeps the site's
 * token in its Web Storage (liepin in sessionStorage, the others in localStorage) and says 登录成功.
 */
const QR_PAGE = (site, ticket) =>
  LAYOUT(
    '扫码登录',
    `<div class="login-box"><h2>扫码登录</h2><div class="qr-code" data-ticket="${ticket}" style="width:160px;height:160px;background:repeating-linear-gradient(45deg,#000 0 8px,#fff 8px 16px)"></div>
<p class="qr-state">请使用手机扫码</p><p>登录后查看更多职位</p><form><input name="phone" placeholder="手机号"><button>登录/注册</button></form><p><a href="/login/password" class="to-password" style="${AT(700)}">密码登录</a></p></div>
<script>
const poll = setInterval(() => fetch('/web/user/qr/status?ticket=${ticket}').then((r) => r.json()).then((d) => {
  if (!d.scanned) return;
  clearInterval(poll);
  ${site === 'liepin' ? 'sessionStorage' : 'localStorage'}.setItem('fixture_token', d.token);
  document.querySelector('.qr-state').textContent = '登录成功';
  document.body.dataset.signedIn = 'true';
}), 300);
</script>`,
  );

/**
 * A password and SMS-code form: the code is "sent" to the phone (GET /login/sms/last answers it, for a test). Its
 * fields sit at fixed places (LIVE_VIEW_TARGETS), so a test can click them in the live view's 1280×800 viewport.
 */
const PASSWORD_PAGE = LAYOUT(
  '密码登录',
  `<form class="login-form" method="post" action="/login/password"><input name="phone" placeholder="手机号" autocomplete="off" style="${AT(100)}"><input name="password" type="password" placeholder="密码" style="${AT(200)}">
<input name="code" placeholder="短信验证码" style="${AT(300)}"><button type="button" class="send-code" style="${AT(400)}" onclick="fetch('/login/sms/send?phone=' + encodeURIComponent(this.form.phone.value), { method: 'POST' })">获取验证码</button>
<button type="submit" class="submit" style="${AT(500)}">登录</button></form>`,
);

/** The fixture's account: the password, and the session cookie a sign-in sets. */
const FIXTURE_PASSWORD = 'fixture-password';
const sessionCookie = (site, how) => `fixture_session=signed-in-${site}-${how}; Path=/; HttpOnly; SameSite=Lax`;
const signedIn = (req) => /(?:^|;\s*)fixture_session=signed-in-/.test(req.headers.cookie ?? '');
/** The fixture sites share 127.0.0.1, whose cookies ignore the port: the cookie names its site (a name of its own, so one site's pass never overwrites another's). */
const verified = (req, site, round) => new RegExp(`(?:^|;\\s*)fixture_verified_${site}=${round}(?:;|$)`).test(req.headers.cookie ?? '');

async function readBody(req) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

/**
 * Starts the five fixture sites on 127.0.0.1. Options: perPage (10), totalPages (3), latencyMs (0, added to
 * every answer), host ('127.0.0.1'), basePort (0 = any free port, else site i listens on basePort + i),
 * refuseEvery (10: the refusing mode's period, in search pages).
 */
export async function startFixtureSites({ perPage = 10, totalPages = 3, latencyMs = 0, host = '127.0.0.1', basePort = 0, refuseEvery = 10 } = {}) {
  const modes = Object.fromEntries(FIXTURE_SITES.map((site) => [site, 'normal']));
  /** Search pages each site answered in the refusing mode, and the times it refused one. */
  const searchPages = Object.fromEntries(FIXTURE_SITES.map((site) => [site, 0]));
  const refusals = Object.fromEntries(FIXTURE_SITES.map((site) => [site, []]));
  /** A site's own period in the refusing mode (setMode's option), else refuseEvery. */
  const periods = {};
  const requests = Object.fromEntries(FIXTURE_SITES.map((site) => [site, []]));
  const seenOnce = new Set();
  /** QR tickets shown and not yet scanned, per site; SMS codes sent, per site and phone. */
  const tickets = Object.fromEntries(FIXTURE_SITES.map((site) => [site, new Map()]));
  const smsCodes = Object.fromEntries(FIXTURE_SITES.map((site) => [site, new Map()]));
  /** QR sign-ins completed (a page's poll received its cookie), per site: GET /web/user/qr/signed-in answers it. */
  const qrSignIns = Object.fromEntries(FIXTURE_SITES.map((site) => [site, 0]));
  /** The captcha mode's first page per site (setMode's fromPage), and the slider checks passed per site. */
  const captchaFrom = {};
  /**
   * A slider pass counts for the round of checks it answered: setting the captcha mode starts a new round, as a real
   * site's verification token expires and it asks again (a browser verified in an earlier round is asked again).
   */
  const checkRounds = Object.fromEntries(FIXTURE_SITES.map((site) => [site, 'r0']));
  const newCheckRound = (site) => (checkRounds[site] = `r${hex(`${site}${Date.now()}${Math.random()}`, 8)}`);
  const sliderPasses = Object.fromEntries(FIXTURE_SITES.map((site) => [site, 0]));
  /** The page numbers each site answered with its jobs (search pages and data requests apart): no page read twice. */
  const served = Object.fromEntries(FIXTURE_SITES.map((site) => [site, { search: [], data: [] }]));
  /** A QR page's poll: once its ticket was scanned, the session cookie and the token (each ticket signs in once). */
  const qrStatus = (site, ticket) => {
    if (tickets[site].get(ticket) !== true) return { body: JSON.stringify({ scanned: false }), headers: {} };
    tickets[site].delete(ticket);
    qrSignIns[site] += 1;
    return { body: JSON.stringify({ scanned: true, token: `token-${site}-qr` }), headers: { 'set-cookie': sessionCookie(site, 'qr') } };
  };
  let generation = `g${hex(String(Date.now()), 6)}`;
  const servers = [];
  const origins = {};
  /** The stand-ins of the sites' other hosts, by the real host (filled once the sites listen). */
  const hostOrigins = {};

  for (const [index, site] of FIXTURE_SITES.entries()) {
    const server = createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      const body = req.method === 'POST' ? await readBody(req) : '';
      requests[site].push({ method: req.method, path: url.pathname, search: url.search, cookie: req.headers.cookie ?? '', token: req.headers['x-fixture-token'] ?? '', userAgent: req.headers['user-agent'] ?? '', at: Date.now() });
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      const send = (status, type, payload, headers = {}) => {
        res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
        res.end(payload);
      };
      const mode = modes[site];
      const isSearch = url.pathname === SEARCH_PATHS[site];
      const isData = url.pathname === DATA_PATHS[site];

      if (url.pathname === '/favicon.ico') return send(404, 'text/plain', '');
      // The Playwright journeys run the fixture as its own process: they set a site's mode over HTTP.
      if (url.pathname === '/__fixture/mode' && req.method === 'POST') {
        const wanted = url.searchParams.get('mode') ?? 'normal';
        if (!FIXTURE_MODES.includes(wanted)) return send(400, 'application/json', '{"error":"unknown mode"}');
        modes[site] = wanted;
        captchaFrom[site] = url.searchParams.has('fromPage') ? Number(url.searchParams.get('fromPage')) : undefined;
        if (wanted === 'captcha') newCheckRound(site);
        return send(200, 'application/json', JSON.stringify({ site, mode: wanted, fromPage: captchaFrom[site] ?? null }));
      }
      if (url.pathname === '/__fixture/served') return send(200, 'application/json', JSON.stringify({ ...served[site], sliderPasses: sliderPasses[site] }));
      if (url.pathname === '/web/user/qr/scan' && req.method === 'POST') {
        for (const key of tickets[site].keys()) tickets[site].set(key, true);
        return send(200, 'application/json', JSON.stringify({ scanned: tickets[site].size }));
      }
      if (url.pathname === '/web/user/qr/signed-in') return send(200, 'application/json', JSON.stringify({ count: qrSignIns[site] }));
      if (url.pathname === '/web/user/qr/status') {
        const answer = qrStatus(site, url.searchParams.get('ticket') ?? '');
        return send(200, 'application/json', answer.body, answer.headers);
      }
      if (url.pathname === '/login/sms/send' && req.method === 'POST') {
        smsCodes[site].set(url.searchParams.get('phone') ?? '', String(100000 + Math.floor(Math.random() * 900000)));
        return send(200, 'application/json', '{"sent":true}');
      }
      if (url.pathname === '/login/sms/last') return send(200, 'application/json', JSON.stringify({ code: smsCodes[site].get(url.searchParams.get('phone') ?? '') ?? null }));
      if (url.pathname === '/login/password') {
        if (req.method !== 'POST') return send(200, 'text/html; charset=utf-8', PASSWORD_PAGE);
        const form = new URLSearchParams(body);
        const code = smsCodes[site].get(form.get('phone') ?? '');
        if (form.get('password') !== FIXTURE_PASSWORD || !code || form.get('code') !== code) return send(200, 'text/html; charset=utf-8', LAYOUT('密码登录', '<p class="login-error">手机号、密码或验证码错误</p>'));
        return send(200, 'text/html; charset=utf-8', LAYOUT('登录成功', `<p class="signed-in">登录成功</p><script>${site === 'liepin' ? 'sessionStorage' : 'localStorage'}.setItem('fixture_token', 'token-${site}-password')</script>`), { 'set-cookie': sessionCookie(site, 'password') });
      }
      if (url.pathname === '/login' || (url.pathname.startsWith('/web/user') && !url.pathname.includes('verify'))) {
        const ticket = hex(`${site}${Date.now()}${Math.random()}`, 12);
        tickets[site].set(ticket, false);
        return send(200, 'text/html; charset=utf-8', QR_PAGE(site, ticket));
      }
      if (url.pathname === '/web/user/safe/verify-slider/pass' && req.method === 'POST') {
        if (Number(JSON.parse(body || '{}').moved ?? 0) < SLIDER_PASS_PX) return send(400, 'application/json', '{"passed":false}');
        sliderPasses[site] += 1;
        return send(200, 'application/json', '{"passed":true}', { 'set-cookie': `fixture_verified_${site}=${checkRounds[site]}; Path=/; SameSite=Lax` });
      }
      if (url.pathname.startsWith('/web/user')) {
        const back = url.searchParams.get('back') ?? '/';
        return send(200, 'text/html; charset=utf-8', CAPTCHA_PAGE(back.startsWith('/') && !back.startsWith('//') ? back : '/'));
      }
      // Signed in only: a visitor without the session meets the login wall, as liepin's account gate does.
      if (mode === 'signed-in-only' && (isSearch || isData) && !signedIn(req)) {
        if (isSearch && site === 'liepin') return send(200, 'text/html; charset=utf-8', gateRedirectPage(hostOrigins['wow.liepin.com'], origins.liepin));
        if (isSearch) return site === 'job51' ? send(200, 'text/html; charset=utf-8', LOGIN_PAGE) : send(302, 'text/plain', '', { location: site === 'zhipin' ? '/web/user/?ka=header-login' : '/login' });
        return send(200, 'application/json', JSON.stringify(LOGIN_BODIES[site]));
      }
      if (mode === 'flaky' && (isSearch || isData)) {
        // The first search-page and data request after the mode is set fail once, as a hiccup would.
        const key = `${site}${url.pathname}`;
        if (!seenOnce.has(key)) {
          seenOnce.add(key);
          return send(503, 'text/html; charset=utf-8', LAYOUT('503', '<h1>服务暂时不可用</h1>'));
        }
      }
      if (mode === 'refusing' && isSearch) {
        searchPages[site] += 1;
        if (searchPages[site] % (periods[site] ?? refuseEvery) === 0) {
          const refusal = REFUSALS[site]();
          refusals[site].push(Date.now());
          return send(refusal.status, 'text/html; charset=utf-8', refusal.html);
        }
      }
      if (mode === 'redirect-away' && isSearch) return send(302, 'text/plain', '', { location: 'https://evil.example/phish' });
      if (mode === 'login-wall') {
        if (isSearch) return site === 'job51' || site === 'liepin' ? send(200, 'text/html; charset=utf-8', LOGIN_PAGE) : send(302, 'text/plain', '', { location: site === 'zhipin' ? '/web/user/?ka=header-login' : '/login' });
        if (isData) return send(200, 'application/json', JSON.stringify(LOGIN_BODIES[site]));
      }
      let query = isSearch || isData ? queryOf(site, url) : null;
      if (site === 'liepin' && isData) {
        const form = JSON.parse(body || '{}')?.data?.mainSearchPcConditionForm ?? {};
        query = { keyword: form.key ?? '', city: form.dq ?? '', page: Number(form.currentPage ?? 0) + 1 };
      }
      if (mode === 'captcha' && query && query.page >= (captchaFrom[site] ?? 1) && !verified(req, site, checkRounds[site])) {
        if (isSearch) return send(302, 'text/plain', '', { location: `/web/user/safe/verify-slider?back=${encodeURIComponent(url.pathname + url.search)}` });
        if (isData) return send(200, 'application/json', JSON.stringify(CAPTCHA_BODIES[site]));
      }
      if (isSearch || isData) {
        served[site][isSearch ? 'search' : 'data'].push(query.page);
        const context = { page: query.page, totalPages, perPage };
        const jobs = query.page > totalPages ? [] : fixtureJobs(site, { keyword: query.keyword, city: cityName(query.city), page: query.page, perPage });
        if (mode === 'dom') {
          return isSearch ? send(200, 'text/html; charset=utf-8', domPage(site, jobs, generation)) : send(404, 'application/json', '{"message":"not found"}');
        }
        if (isSearch) return send(200, 'text/html; charset=utf-8', searchPage(site, jobs, context));
        const shaped = shapes[site](jobs, context);
        const payload = site === 'zhaopin' ? zhaopinSouAnswer(shaped, jobs) : site === 'lagou' ? { success: true, content: shaped } : shaped;
        return send(200, 'application/json; charset=utf-8', JSON.stringify(payload));
      }
      if (POSTING_PATH.test(url.pathname)) {
        const posting = postingAnswer(url.pathname);
        return send(posting.status, 'text/html; charset=utf-8', posting.html);
      }
      return send(404, 'text/html; charset=utf-8', LAYOUT('404', '<h1>页面不存在</h1>'));
    });
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(basePort === 0 ? 0 : basePort + index, host, resolve);
    });
    servers.push(server);
    origins[site] = `http://${host}:${server.address().port}`;
  }

  /** The other hosts' stand-ins (GATE_HOSTS), on the ports after the sites'; what they were asked, per host. */
  const gateRequests = Object.fromEntries(Object.keys(GATE_HOSTS).map((gateHost) => [gateHost, []]));
  for (const [index, gateHost] of Object.keys(GATE_HOSTS).entries()) {
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      gateRequests[gateHost].push({ method: req.method, path: url.pathname, search: url.search, cookie: req.headers.cookie ?? '', at: Date.now() });
      const site = GATE_HOSTS[gateHost];
      const send = (status, type, payload, headers = {}) => {
        res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
        res.end(payload);
      };
      if (url.pathname === '/web/user/qr/status') {
        const answer = qrStatus(site, url.searchParams.get('ticket') ?? '');
        return send(200, 'application/json', answer.body, answer.headers);
      }
      if (!GATE_PATH.test(url.pathname)) return send(404, 'text/html; charset=utf-8', LAYOUT('404', '<h1>页面不存在</h1>'));
      const ticket = hex(`${gateHost}${Date.now()}${Math.random()}`, 12);
      tickets[site].set(ticket, false);
      return send(200, 'text/html; charset=utf-8', GATE_PAGE(ticket, origins[site]));
    });
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(basePort === 0 ? 0 : basePort + FIXTURE_SITES.length + index, host, resolve);
    });
    servers.push(server);
    hostOrigins[gateHost] = `http://${host}:${server.address().port}`;
  }

  return {
    origins,
    /** The stand-ins of the sites' other hosts (猎聘's account gate), by the real host. */
    hostOrigins,
    /** CRAWLER_SITE_ORIGINS for a worker crawling these fixtures: the sites' origins and their other hosts'. */
    env: JSON.stringify({ ...origins, ...hostOrigins }),
    /**
     * `options.refuseEvery`: the refusing mode's period for these sites (else the one the sites started with);
     * `options.fromPage`: the captcha mode's first page (the pages before it are answered).
     */
    setMode(site, mode, options = {}) {
      if (!FIXTURE_MODES.includes(mode)) throw new Error(`unknown fixture mode ${mode}`);
      for (const name of site === '*' ? FIXTURE_SITES : [site]) {
        modes[name] = mode;
        searchPages[name] = 0;
        periods[name] = options.refuseEvery;
        captchaFrom[name] = options.fromPage;
        if (mode === 'captcha') newCheckRound(name);
        for (const key of [...seenOnce]) if (key.startsWith(name)) seenOnce.delete(key);
      }
    },
    /** Renames every class of the dom mode, as a site redesign would. */
    rotateClasses() {
      generation = `g${hex(`${generation}${Date.now()}${Math.random()}`, 6)}`;
      return generation;
    },
    get generation() {
      return generation;
    },
    requests,
    /** What the other hosts' stand-ins were asked (猎聘's account gate). */
    gateRequests,
    /** When each site refused a page in the refusing mode (ms). */
    refusals,
    /** The page numbers each site answered with jobs, search pages and data requests apart. */
    served,
    /** Slider checks passed, per site. */
    sliderPasses,
    /** The dom page and data body a site would serve, for saving fixtures. */
    render(site, { keyword = 'AI产品经理', city = '长沙', page = 1, dom = false } = {}) {
      const jobs = fixtureJobs(site, { keyword, city, page, perPage });
      return dom ? domPage(site, jobs, generation) : { page: searchPage(site, jobs, { page, totalPages, perPage }), data: shapes[site](jobs, { page, totalPages, perPage }) };
    },
    async close() {
      await Promise.all(servers.map((server) => new Promise((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); })));
    },
  };
}
