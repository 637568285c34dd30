import { CrawlPageError } from '../page.loader';
import { readLoadFailure, readPostingPage } from './posting-liveness.reader';

const url = new URL('https://www.zhipin.com/job_detail/abc.html');
const page = (body: string, head = '') => ({ url, html: `<!doctype html><html><head>${head}</head><body>${body}</body></html>` });
const DETAILS = '<h1>AI产品经理</h1><p>负责大模型产品的规划与落地，与算法、研发团队协作推进需求，跟踪上线效果并持续迭代，熟悉 AIGC 应用场景。</p>'.repeat(3);

describe(readPostingPage.name, () => {
  it.each([
    ['职位已关闭', '<div class="job-status">职位已关闭</div>'],
    ['该职位已下线', '<p>该职位已下线</p>'],
    ['已停止招聘', '<p>该职位已停止招聘，看看其他机会吧。</p>'],
  ])('reads a posting that says %s as closed', (words, body) => {
    expect(readPostingPage(page(body))).toEqual({ outcome: 'closed', reason: 'source_closed', evidence: expect.stringContaining(words) });
  });

  it.each([
    ['an embedded isExpired flag', '<script>window.__INITIAL_STATE__={"jobInfo":{"isExpired":true}}</script>', '"isExpired":true'],
    ['a job status word', '<script id="__NEXT_DATA__" type="application/json">{"props":{"job":{"jobStatus":"offline"}}}</script>', '"jobStatus":"offline"'],
  ])('reads %s as expired', (_case, head, evidence) => {
    expect(readPostingPage(page(DETAILS, head))).toEqual({ outcome: 'closed', reason: 'source_expired', evidence: expect.stringContaining(evidence) });
  });

  it('reads a JSON answer shown as the page (Chromium wraps it in <pre>)', () => {
    expect(readPostingPage(page('<pre>{"code":0,"data":{"isExpire":"1"}}</pre>'))).toMatchObject({ outcome: 'closed', reason: 'source_expired' });
  });

  it('leaves an open posting open, with its unset flag and the closed words only in a hidden part or a script', () => {
    const head = '<script>window.__INITIAL_STATE__={"jobInfo":{"isExpired":false},"tips":"职位已关闭"}</script>';
    expect(readPostingPage(page(`${DETAILS}<div hidden>职位已关闭</div><footer>已停止招聘的职位不会展示</footer>`, head))).toEqual({ outcome: 'open' });
  });

  it('reads a block page as refused, not as closed', () => {
    expect(readPostingPage(page('<h1>访问受限</h1><p>您的访问行为异常，已暂时被限制访问。</p>'))).toMatchObject({ outcome: 'refused', reason: 'blocked' });
  });
});

describe(readLoadFailure.name, () => {
  it.each([404, 410])('reads HTTP %i as the posting gone', (status) => {
    expect(readLoadFailure(new CrawlPageError('http_error', `${url}: HTTP ${status}`, undefined, status))).toEqual({ outcome: 'closed', reason: 'source_gone', evidence: `HTTP ${status}` });
  });

  it('reads a refusal as refused and anything else as failed', () => {
    expect(readLoadFailure(new CrawlPageError('blocked', 'HTTP 403: 访问行为异常', undefined, 403))).toMatchObject({ outcome: 'refused', reason: 'blocked' });
    expect(readLoadFailure(new CrawlPageError('http_error', 'HTTP 500', undefined, 500))).toMatchObject({ outcome: 'failed' });
    expect(readLoadFailure(new CrawlPageError('timeout', 'timed out'))).toMatchObject({ outcome: 'failed' });
    expect(readLoadFailure(new Error('boom'))).toMatchObject({ outcome: 'failed', evidence: 'unexpected: boom' });
  });
});
