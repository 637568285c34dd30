import { isRecord, pathOf, type DataVerdict, type ExtractedJob } from '../site-adapter';

/** BOSS直聘 answers codes instead of HTTP errors: these mean a login wall or an anti-bot check. */
const LOGIN_CODES = new Set([7, 17]);
const BLOCK_CODES = new Set([32, 35, 36, 37, 5002]);

/** `/wapi/zpgeek/search/joblist.json` → `zpData.jobList`. */
export function extractZhipinJobList(body: unknown): DataVerdict {
  if (!isRecord(body) || typeof body['code'] !== 'number') return null;
  const code = body['code'];
  const message = String(body['message'] ?? '');
  if (LOGIN_CODES.has(code)) return { failure: 'login_wall', message: `zhipin code ${code}: ${message}` };
  // Code 37 with the stoken parameters (seed, ts) sends the browser to security-check.html first.
  const check = isRecord(body['zpData']) && 'seed' in body['zpData'] && 'ts' in body['zpData'];
  if (BLOCK_CODES.has(code)) return { failure: check || /验证|captcha/i.test(message) ? 'captcha' : 'blocked', message: `zhipin code ${code}: ${message}${check ? ' (security-check)' : ''}` };
  if (code !== 0) return { failure: 'http_error', message: `zhipin code ${code}: ${message}` };
  const list = pathOf(body, 'zpData', 'jobList');
  if (!Array.isArray(list)) return null;
  return { jobs: list.filter(isRecord).map(toJob), hasMore: pathOf(body, 'zpData', 'hasMore') === true };
}

function toJob(item: Record<string, unknown>): ExtractedJob {
  const district = [item['cityName'], item['areaDistrict'], item['businessDistrict']].filter(Boolean).join('·');
  return {
    title: item['jobName'],
    company: item['brandName'],
    location: district,
    salary: item['salaryDesc'],
    requirements: [item['jobExperience'], item['jobDegree']].filter(Boolean).join(' / '),
    skillTags: Array.isArray(item['skills']) ? item['skills'] : [],
    url: `/job_detail/${String(item['encryptJobId'] ?? '')}.html`,
    raw: item,
  };
}
