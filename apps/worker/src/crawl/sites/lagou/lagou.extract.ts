import { geetestInData } from '../block.detector';
import { isRecord, pathOf, readScriptJson, type DataVerdict, type ExtractedJob } from '../site-adapter';

/** The Next.js page embeds its results: `__NEXT_DATA__.props.pageProps.initData.content.positionResult.result`. */
export function extractLagouNextData(html: string): DataVerdict {
  const data = readScriptJson(html, '__NEXT_DATA__');
  if (data === undefined) return null;
  const initData = pathOf(data, 'props', 'pageProps', 'initData');
  if (initData === undefined) return null;
  return fromContent(pathOf(initData, 'content'));
}

/**
 * `positionAjax.json` → `content.positionResult.result`. Its refusals: `{status:false, msg, state}` (2402
 * 您操作太频繁), and a GeeTest challenge (`gt` + `challenge`, beside a `state` or inside `content`) that
 * must be solved before the list comes.
 */
export function extractLagouPositionAjax(body: unknown): DataVerdict {
  if (!isRecord(body)) return null;
  const message = String(body['msg'] ?? body['message'] ?? '');
  const state = body['state'] ?? body['code'];
  const said = `lagou${state !== undefined && state !== null ? ` state ${String(state)}` : ''}: ${message}`;
  const geetest = geetestInData(body);
  if (geetest) return { failure: 'captcha', message: `${said} (${geetest})` };
  if (body['status'] === false || body['success'] === false) {
    if (/登录|login/i.test(message)) return { failure: 'login_wall', message: said };
    return { failure: /验证|captcha/i.test(message) ? 'captcha' : 'blocked', message: said };
  }
  return fromContent(body['content']);
}

function fromContent(content: unknown): DataVerdict {
  const result = pathOf(content, 'positionResult', 'result');
  if (!Array.isArray(result)) return null;
  const total = Number(pathOf(content, 'positionResult', 'totalCount') ?? NaN);
  const pageNo = Number(pathOf(content, 'pageNo') ?? NaN);
  const pageSize = Number(pathOf(content, 'pageSize') ?? NaN);
  const hasMore = [total, pageNo, pageSize].every(Number.isFinite) ? pageNo * pageSize < total : undefined;
  return { jobs: result.filter(isRecord).map(toJob), hasMore };
}

function toJob(item: Record<string, unknown>): ExtractedJob {
  const labels = [
    ...(Array.isArray(item['skillLables']) ? item['skillLables'] : []),
    ...(Array.isArray(item['positionLables']) ? item['positionLables'] : []),
  ];
  return {
    title: item['positionName'],
    company: item['companyFullName'] ?? item['companyShortName'],
    location: [item['city'], item['district']].filter(Boolean).join('·'),
    salary: item['salary'],
    description: item['positionDetail'],
    requirements: [item['workYear'], item['education']].filter(Boolean).join(' / '),
    skillTags: labels,
    url: `https://www.lagou.com/wn/jobs/${String(item['positionId'] ?? '')}.html`,
    postedText: item['createTime'] ?? item['formatCreateTime'],
    raw: item,
  };
}
