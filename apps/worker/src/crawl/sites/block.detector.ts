import type { CrawlFailureReason } from '@aipm/contracts';
import { load, type CheerioAPI } from 'cheerio';

export type RefusalReason = Extract<CrawlFailureReason, 'blocked' | 'captcha' | 'login_wall'>;

/** Why a site refused a page, with the site's own words or address as the evidence an operator reads. */
export interface Refusal {
  reason: RefusalReason;
  evidence: string;
}

/**
 * Addresses that are a refusal whatever the page says, tested on host + path (never the query, where a
 * normal address can carry `callback=/login`). A redirect off the search page to one of them is the
 * clearest sign there is (docs/product/crawler.md#what-counts-as-a-refusal).
 */
const URL_SIGNS: ReadonlyArray<{ reason: RefusalReason; pattern: RegExp; what: string }> = [
  // BOSS直聘: the stoken check (security-check.html, sets __zp_stoken__) and its slider.
  { reason: 'captcha', pattern: /zhipin\.com\/web\/common\/security-check/i, what: 'BOSS直聘 security-check' },
  { reason: 'captcha', pattern: /\/web\/user\/safe\/|verify-slider/i, what: 'slider verification' },
  // 猎聘 asks for SMS verification on its own subdomain; 拉勾's GeeTest page lives on sec.lagou.com.
  { reason: 'captcha', pattern: /^safe\.liepin\.com\//i, what: '猎聘 safe.liepin.com verification' },
  { reason: 'captcha', pattern: /^sec\.lagou\.com\/|lagou\.com\/(common-sec|utrack\/verify)/i, what: '拉勾 security verification' },
  // Alibaba Cloud WAF's slider and punish pages (51job, 智联).
  { reason: 'captcha', pattern: /\/_{3,}tmd_{3,}\/|\/punish\b/i, what: 'Alibaba Cloud WAF slider' },
  { reason: 'captcha', pattern: /\/(verify|captcha|security-check)([./?-]|$)/i, what: 'verification page' },
  // 猎聘 sends signed-out visitors to an account gate on another subdomain.
  { reason: 'login_wall', pattern: /^wow\.liepin\.com\//i, what: '猎聘 account gate (wow.liepin.com)' },
  { reason: 'login_wall', pattern: /^(passport|login)\.[^/]+\//i, what: 'sign-in site' },
  { reason: 'login_wall', pattern: /\/(login|signin|passport)([./?-]|$)|zhipin\.com\/web\/user\/?$/i, what: 'sign-in page' },
];

/** Widgets of a challenge, looked for outside pop-ups (and outside sign-in boxes on a page with content). */
const CAPTCHA_WIDGET = '[class*="geetest_"], [id*="geetest"], [id^="nc_1"], [class*="nc-container"], [id*="aliyunCaptcha"], [class*="verify-slider"], [id*="TencentCaptcha"], [class*="tcaptcha"]';

/** Sentences of a challenge. Never bare 验证码: every sign-in form and SMS field says it. */
const CAPTCHA_TEXT = /[^。！!\n]{0,30}(滑动验证|拖动滑块|按住滑块|向右滑动|安全验证|人机验证|请完成验证|完成验证后|点击按钮进行验证|请输入图中|验证您是真人)[^。！!\n]{0,30}/;
const BLOCK_TEXT = /[^。！!\n]{0,30}(访问行为异常|异常访问行为|访问过于频繁|操作太频繁|请求过于频繁|限制访问|访问被阻断|访问被拒绝|访问受限|暂停访问|access denied|403 forbidden|您的\s*ip)[^。！!\n]{0,30}/i;
/** Sentences of an account gate, believed only on a page that is little more than the gate. */
const LOGIN_TEXT = /[^。！!\n]{0,30}(登录后查看|登录后可查看|登录后继续|请先登录|请登录后|登录\/注册后|需要登录|登录状态已失效|当前未登录)[^。！!\n]{0,30}/;

/** What no visitor reads: scripts, hidden parts, and the header, menu and footer every page repeats. */
const NOT_SHOWN = 'script, style, noscript, template, header, nav, footer, [hidden], [aria-hidden="true"], [style*="display:none"], [style*="display: none"]';
/** Pop-ups over a page: a normal page's login pop-up carries GeeTest and an SMS code field too. */
const POP_UPS = 'dialog, [role="dialog"], [class*="dialog"], [class*="modal"], [class*="popup"], [class*="pop-"], [class*="mask"], [id*="dialog"]';
/** Sign-in boxes and forms, which a normal page shows beside its content and a gate shows alone. */
const LOGIN_BOXES = 'form, [class*="login"], [class*="sign-"], [id*="login"]';
/** Below this many characters of own content a page is a gate, a challenge or an empty shell. */
const THIN_PAGE = 300;

/** A Chinese gate page or a challenge served in place of the search page: a script or meta refresh sends it on. */
const REDIRECT_IN_PAGE = [/<meta[^>]+http-equiv=["']?refresh["']?[^>]+url=([^"'>\s]+)/i, /location(?:\.href)?\s*=\s*["']([^"']+)["']/i, /location\.(?:replace|assign)\(\s*["']([^"']+)["']/i];
/** Challenges that run in the page before it shows anything: BOSS直聘's stoken check, Alibaba Cloud's acw_sc__v2. */
const CHALLENGE_SCRIPT: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  { pattern: /security-check\.html|__zp_stoken__[\s\S]{0,400}(seed|ts)=/i, what: 'BOSS直聘 security-check (__zp_stoken__)' },
  { pattern: /acw_sc__v2|var\s+arg1\s*=\s*['"][0-9A-F]{30,}/i, what: 'Alibaba Cloud WAF challenge (acw_sc__v2)' },
];

const clip = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 80);

function classifyUrl(url: URL): Refusal | null {
  const address = `${url.hostname}${url.pathname}`;
  const sign = URL_SIGNS.find((candidate) => candidate.pattern.test(address));
  return sign ? { reason: sign.reason, evidence: `${sign.what}: ${url.hostname}${url.pathname}` } : null;
}

/** The text of the page less what `leftOut` selects. */
function textWithout($: CheerioAPI, leftOut: string): string {
  // cheerio's load() always adds a body, so the page's text is the body's.
  const copy = $('body').clone();
  copy.find(leftOut).remove();
  return copy.text().replace(/\s+/g, ' ').trim();
}

/**
 * Recognises a login wall, a captcha or a block page, for a page that yielded no jobs, from (in this order)
 * the address it ended on, a redirect the page itself makes, a challenge's widget or script, and the
 * sentences of the page's own content. A normal page's 登录 link, login pop-up or 短信验证码 field is
 * none of these: headers, pop-ups and forms are set aside before reading. `realAddress` names the real site's
 * address of a rerouted one (SiteRegistry.realAddress), so an imitation's other host reads as the host it stands for.
 */
export function detectBlockPage(html: string, finalUrl: URL, realAddress: (url: URL) => URL = (url) => url): Refusal | null {
  const byAddress = classifyUrl(realAddress(finalUrl));
  if (byAddress) return byAddress;

  const $ = load(html);
  // A page with content of its own is judged on that content only; a page that is little more than a box
  // (a gate, a challenge) is judged with its box. Pop-ups never count: they sit over normal pages.
  const own = textWithout($, `${NOT_SHOWN}, ${POP_UPS}, ${LOGIN_BOXES}`);
  const thin = own.length < THIN_PAGE;
  const outside = thin ? `${NOT_SHOWN}, ${POP_UPS}` : `${NOT_SHOWN}, ${POP_UPS}, ${LOGIN_BOXES}`;
  const content = thin ? textWithout($, outside) : own;
  if (thin) {
    for (const pattern of REDIRECT_IN_PAGE) {
      const target = pattern.exec(html)?.[1];
      if (!target) continue;
      let next: URL;
      try {
        next = new URL(target.replace(/&amp;/g, '&'), finalUrl);
      } catch {
        continue;
      }
      const refusal = classifyUrl(realAddress(next));
      if (refusal) return { reason: refusal.reason, evidence: `${refusal.evidence} (the page redirects there)` };
    }
    const scripts = $('script').toArray().map((script) => `${$(script).attr('src') ?? ''} ${$(script).text()}`).join('\n');
    const challenge = CHALLENGE_SCRIPT.find((candidate) => candidate.pattern.test(scripts));
    if (challenge) return { reason: 'captcha', evidence: `${challenge.what}${content ? `: ${clip(content)}` : ''}` };
  }

  const widgets = $(CAPTCHA_WIDGET).filter((_, element) => $(element).closest(outside).length === 0);
  if (widgets.length > 0) return { reason: 'captcha', evidence: `captcha widget ${clip(String(widgets.first().attr('class') ?? widgets.first().attr('id')))}${content ? `: ${clip(content)}` : ''}` };
  const captcha = CAPTCHA_TEXT.exec(content);
  if (captcha) return { reason: 'captcha', evidence: clip(captcha[0]) };
  const block = BLOCK_TEXT.exec(content);
  if (block) return { reason: 'blocked', evidence: clip(block[0]) };
  const login = thin ? LOGIN_TEXT.exec(content) : null;
  if (login) return { reason: 'login_wall', evidence: clip(login[0]) };
  return null;
}

/**
 * A GeeTest challenge inside a JSON answer (`gt` + `challenge`, at the top or one or two levels down), as
 * 拉勾 and others answer a data call that must be verified first.
 */
export function geetestInData(body: unknown, depth = 0): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || depth > 2) return null;
  const record = body as Record<string, unknown>;
  if (typeof record['gt'] === 'string' && 'challenge' in record) return `GeeTest gt=${record['gt'].slice(0, 12)}`;
  for (const value of Object.values(record)) {
    const found = geetestInData(value, depth + 1);
    if (found) return found;
  }
  return null;
}
