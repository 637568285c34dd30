import { isRecord, pathOf, type DataVerdict, type ExtractedJob } from '../site-adapter';

/** `/api/job/search-pc` → `resultbody.job.items`. */
export function extractJob51Search(body: unknown): DataVerdict {
  if (!isRecord(body) || !('status' in body)) return null;
  const status = String(body['status']);
  const message = String(body['message'] ?? '');
  if (status !== '1') {
    if (/登录|login/i.test(message)) return { failure: 'login_wall', message: `51job: ${message}` };
    if (/验证|滑动|captcha/i.test(message)) return { failure: 'captcha', message: `51job: ${message}` };
    return { failure: 'blocked', message: `51job status ${status}: ${message}` };
  }
  const items = pathOf(body, 'resultbody', 'job', 'items');
  if (!Array.isArray(items)) return null;
  const total = Number(pathOf(body, 'resultbody', 'job', 'totalCount') ?? 0);
  return { jobs: items.filter(isRecord).map(toJob), hasMore: Number.isFinite(total) ? total > items.length : undefined };
}

function toJob(item: Record<string, unknown>): ExtractedJob {
  return {
    title: item['jobName'],
    company: item['fullCompanyName'] ?? item['companyName'],
    location: item['jobAreaString'],
    salary: item['provideSalaryString'],
    description: item['jobDescribe'],
    requirements: [item['workYearString'], item['degreeString']].filter(Boolean).join(' / '),
    skillTags: Array.isArray(item['jobTags']) ? item['jobTags'] : [],
    url: String(item['jobHref'] ?? `https://jobs.51job.com/all/${String(item['jobId'] ?? '')}.html`),
    postedText: item['issueDateString'] ?? item['updateDateTime'],
    raw: item,
  };
}
