import { isRecord, pathOf, type DataVerdict, type ExtractedJob } from '../site-adapter';

/** POST `com.liepin.searchfront4c.pc-search-job` → `data.data.jobCardList`. */
export function extractLiepinSearch(body: unknown): DataVerdict {
  if (!isRecord(body) || !('flag' in body)) return null;
  if (body['flag'] !== 1) {
    const message = String(body['msg'] ?? body['message'] ?? '');
    const code = String(body['code'] ?? '');
    if (/登录|login/i.test(message) || code === '1001') return { failure: 'login_wall', message: `liepin: ${message}` };
    if (/验证|captcha/i.test(message)) return { failure: 'captcha', message: `liepin: ${message}` };
    return { failure: 'blocked', message: `liepin flag ${String(body['flag'])}: ${message}` };
  }
  const cards = pathOf(body, 'data', 'data', 'jobCardList');
  if (!Array.isArray(cards)) return null;
  const pagination = pathOf(body, 'data', 'pagination');
  const hasMore = isRecord(pagination) ? Number(pagination['currentPage']) + 1 < Number(pagination['totalPage']) : undefined;
  return { jobs: cards.filter(isRecord).map(toJob), hasMore };
}

function toJob(card: Record<string, unknown>): ExtractedJob {
  const job = isRecord(card['job']) ? card['job'] : {};
  const comp = isRecord(card['comp']) ? card['comp'] : {};
  return {
    title: job['title'],
    company: comp['compName'],
    location: job['dq'],
    salary: job['salary'],
    requirements: [job['requireWorkYears'], job['requireEduLevel']].filter(Boolean).join(' / '),
    skillTags: Array.isArray(job['labels']) ? job['labels'] : [],
    url: String(job['link'] ?? ''),
    postedText: job['refreshTime'],
    raw: card,
  };
}
