import type { JobClosedReason } from '@aipm/contracts';
import { load } from 'cheerio';
import { CrawlPageError, type LoadedPage } from '../page.loader';
import { detectBlockPage, type RefusalReason } from '../sites/block.detector';

/** What a posting's own page says about it (ADR 063). */
export type PostingLiveness =
  | { outcome: 'open' }
  | { outcome: 'closed'; reason: JobClosedReason; evidence: string }
  /** The site turned the check away (login wall, captcha, block page): nothing is known about the posting. */
  | { outcome: 'refused'; reason: RefusalReason; evidence: string }
  /** A timeout, a network or HTTP error, a refused address: nothing is known either. */
  | { outcome: 'failed'; evidence: string };

/** The sentences a site shows on a posting it no longer offers. */
const CLOSED_TEXT = /[^。！!\n]{0,20}(职位已关闭|该职位已关闭|职位已下线|该职位已下线|职位已失效|该职位已失效|职位已过期|该职位已过期|已停止招聘|停止招聘|职位已删除|该职位已被删除|职位已暂停招聘)[^。！!\n]{0,20}/;
/**
 * A posting's data (embedded state, or a JSON answer shown as the page) flagging it expired or closed: a boolean
 * flag set, or a status word. Only set flags count: every open posting carries `"isExpired":false`.
 */
const EXPIRED_FLAG = /"(isExpired|expired|isExpire|jobExpired|isClosed|isOffline|isInvalid)"\s*:\s*(true|1|"1"|"true")(?=\s*[,}\]])|"(jobStatus|positionStatus|status)"\s*:\s*"(closed|offline|expired|invalid)"/i;
/** What no visitor reads (as the block detector sets aside), plus the scripts whose data is read apart. */
const NOT_SHOWN = 'script, style, noscript, template, header, nav, footer, [hidden], [aria-hidden="true"], [style*="display:none"], [style*="display: none"]';

const clip = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 120);

/**
 * Reads a loaded posting page: its data's expired flag, then the page's own sentences saying it is closed, then a
 * refusal (the crawl's block detector, ADR 060). A page with none of these is an open posting.
 */
export function readPostingPage(page: Pick<LoadedPage, 'html' | 'url' | 'realAddress'>): PostingLiveness {
  const $ = load(page.html);
  const data = [...$('script').toArray().map((script) => $(script).text()), $('pre').text()].join('\n');
  const flag = EXPIRED_FLAG.exec(data);
  if (flag) return { outcome: 'closed', reason: 'source_expired', evidence: clip(flag[0]) };
  const body = $('body').clone();
  body.find(NOT_SHOWN).remove();
  const closed = CLOSED_TEXT.exec(body.text().replace(/\s+/g, ' '));
  if (closed) return { outcome: 'closed', reason: 'source_closed', evidence: clip(closed[0]) };
  const refusal = detectBlockPage(page.html, page.url, page.realAddress);
  if (refusal) return { outcome: 'refused', reason: refusal.reason, evidence: refusal.evidence };
  return { outcome: 'open' };
}

/** What a page that could not be loaded says: 404 and 410 are the posting gone; a refusal or a failure says nothing. */
export function readLoadFailure(error: unknown): PostingLiveness {
  if (error instanceof CrawlPageError) {
    if (error.status === 404 || error.status === 410) return { outcome: 'closed', reason: 'source_gone', evidence: `HTTP ${error.status}` };
    if (error.reason === 'login_wall' || error.reason === 'captcha' || error.reason === 'blocked') return { outcome: 'refused', reason: error.reason, evidence: clip(error.message) };
    return { outcome: 'failed', evidence: clip(`${error.reason}: ${error.message}`) };
  }
  return { outcome: 'failed', evidence: clip(`unexpected: ${(error as Error)?.message ?? String(error)}`) };
}
