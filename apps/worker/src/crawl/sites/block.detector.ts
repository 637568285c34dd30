import type { CrawlFailureReason } from '@aipm/contracts';
import { toPlainText } from '../normalize/text.sanitizer';

const CAPTCHA_URL = /verify|captcha|security-check|safe\//i;
const LOGIN_URL = /\/login|passport\.|\/signin|\/web\/user\/?(\?|$)/i;
const CAPTCHA_TEXT = /验证码|滑动验证|拖动滑块|安全验证|人机验证|请完成验证|geetest|captcha/i;
const BLOCK_TEXT = /访问行为异常|访问过于频繁|操作太频繁|请求过于频繁|access denied|403 forbidden|您的ip/i;
const LOGIN_TEXT = /扫码登录|登录后查看|请登录|请先登录|登录\/注册后/;

/**
 * Recognises a login wall, a captcha or a block page, for a page that yielded no jobs. Only then: a normal
 * results page also has a "登录" link in its header.
 */
export function detectBlockPage(html: string, finalUrl: URL): CrawlFailureReason | null {
  const location = finalUrl.pathname + finalUrl.search;
  if (CAPTCHA_URL.test(location)) return 'captcha';
  if (LOGIN_URL.test(finalUrl.hostname + location)) return 'login_wall';
  const text = toPlainText(html);
  if (CAPTCHA_TEXT.test(text)) return 'captcha';
  if (BLOCK_TEXT.test(text)) return 'blocked';
  if (LOGIN_TEXT.test(text)) return 'login_wall';
  return null;
}
