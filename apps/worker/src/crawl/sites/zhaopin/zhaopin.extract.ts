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

/**
 * A field that is text in the embedded page state and an object in the `/c/i/sou` answer: `company`
 * `{ name, number, … }`, `workingExp` and `eduLevel` `{ code, name }`.
 */
function named(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const name = pathOf(value, 'name');
  return typeof name === 'string' ? name : undefined;
}

/** `workCity` + `cityDistrict` (page state), or `city: { items: [{ name }], display: "长沙-岳麓区" }` (`/c/i/sou`). */
function locationOf(item: Record<string, unknown>): string {
  const parts = [item['workCity'], item['cityDistrict']].filter((part): part is string => typeof part === 'string' && part !== '');
  if (parts.length > 0) return parts.join('·');
  const display = pathOf(item, 'city', 'display');
  if (typeof display === 'string' && display.trim() !== '') return display.split('-').map((part) => part.trim()).filter(Boolean).join('·');
  const items = pathOf(item, 'city', 'items');
  return Array.isArray(items) ? items.map(named).filter(Boolean).join('·') : '';
}

/** `/c/i/sou` carries its skills inside `positionLabel`, a JSON document in a string. */
function positionLabelSkills(item: Record<string, unknown>): unknown[] {
  const label = item['positionLabel'];
  if (typeof label !== 'string') return [];
  try {
    const skills = pathOf(JSON.parse(label), 'skill');
    return Array.isArray(skills) ? skills : [];
  } catch {
    return [];
  }
}

/** One job of either shape (the page state's flat fields, or the `/c/i/sou` answer's nested ones). */
function toJob(item: Record<string, unknown>): ExtractedJob {
  const skillLabels = Array.isArray(item['skillLabel']) ? item['skillLabel'].map((label) => pathOf(label, 'value') ?? label) : [];
  const jobTags = Array.isArray(item['jobSkillTags']) ? item['jobSkillTags'].map((tag) => pathOf(tag, 'name') ?? tag) : [];
  return {
    title: item['name'] ?? item['jobName'],
    company: named(item['companyName']) ?? named(item['company']),
    location: locationOf(item),
    salary: item['salary60'] ?? item['salaryReal'] ?? item['salary'],
    description: item['jobSummary'],
    requirements: [named(item['workingExp']), named(item['education']) ?? named(item['eduLevel'])].filter(Boolean).join(' / '),
    skillTags: [...skillLabels, ...jobTags, ...positionLabelSkills(item)],
    url: String(item['positionURL'] ?? item['positionUrl'] ?? ''),
    postedText: item['publishTime'] ?? item['updateDateStr'] ?? item['updateDate'],
    raw: item,
  };
}
