import { isRecord, pathOf, readScriptJson, type DataVerdict, type ExtractedJob } from '../site-adapter';

/** The search page embeds its first results as `__INITIAL_STATE__.positionList`. */
export function extractZhaopinInitialState(html: string): DataVerdict {
  const state = readScriptJson(html, '__INITIAL_STATE__');
  const list = pathOf(state, 'positionList');
  if (!Array.isArray(list)) return null;
  const total = Number(pathOf(state, 'positionCount'));
  const page = Number(pathOf(state, 'pageIndex'));
  const pageSize = Number(pathOf(state, 'pageSize'));
  const hasMore = [total, page, pageSize].every(Number.isFinite) ? page * pageSize < total : undefined;
  return { jobs: list.filter(isRecord).map(toJob), hasMore };
}

/** The positions API (`fe-api.zhaopin.com/c/i/sou`) → `data.results`. */
export function extractZhaopinPositions(body: unknown): DataVerdict {
  if (!isRecord(body) || !('code' in body)) return null;
  const code = Number(body['code']);
  if (code !== 200) {
    const message = String(body['message'] ?? body['msg'] ?? '');
    if (/登录|login/i.test(message)) return { failure: 'login_wall', message: `zhaopin: ${message}` };
    return { failure: /验证|captcha/i.test(message) ? 'captcha' : 'blocked', message: `zhaopin code ${code}: ${message}` };
  }
  const list = pathOf(body, 'data', 'results') ?? pathOf(body, 'data', 'list');
  if (!Array.isArray(list)) return null;
  return { jobs: list.filter(isRecord).map(toJob) };
}

function toJob(item: Record<string, unknown>): ExtractedJob {
  const skillLabels = Array.isArray(item['skillLabel']) ? item['skillLabel'].map((label) => pathOf(label, 'value') ?? label) : [];
  const jobTags = Array.isArray(item['jobSkillTags']) ? item['jobSkillTags'].map((tag) => pathOf(tag, 'name') ?? tag) : [];
  return {
    title: item['name'] ?? item['jobName'],
    company: item['companyName'],
    location: [item['workCity'], item['cityDistrict']].filter(Boolean).join('·'),
    salary: item['salary60'] ?? item['salaryReal'] ?? item['salary'],
    description: item['jobSummary'],
    requirements: [item['workingExp'], item['education']].filter(Boolean).join(' / '),
    skillTags: [...skillLabels, ...jobTags],
    url: String(item['positionURL'] ?? item['positionUrl'] ?? ''),
    postedText: item['publishTime'] ?? item['updateDateStr'],
    raw: item,
  };
}
