import { defaultLandingContent } from '@aipm/contracts';

/**
 * A valid body per route (method and OpenAPI path), which the fuzz suite breaks one or two fields at a time.
 * Not the automated search's: a valid one waits for a crawl worker, which this suite does not run.
 */
export const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'put /api/admin/landing-content/draft': { ...defaultLandingContent(null, '2026-11-29') },
  'post /api/registrations': { name: '张三', phone: '13912345678', email: 'a@example.com', school: '中南大学', major: '计算机', goals: '转型', agreement: true },
  'post /api/contact': { name: '李四', phone: '13912345679', email: 'b@example.com', subject: 'course', message: '想了解课程' },
  'post /api/admin/login': { email: 'leads-admin@example.com', password: 'wrong-password-123' },
  'patch /api/registrations/{id}': { status: 'contacted', note: '已联系', followUpAt: '2026-12-01T09:00:00.000Z' },
  'patch /api/contact/{id}': { status: 'contacted', note: '已联系', followUpAt: '2026-12-01T09:00:00.000Z' },
  'post /api/admin/people/erase': { phone: '13912345678', email: 'a@example.com' },
  'post /api/admin/people/merges': {
    survivorResource: 'registrations',
    survivorId: '3f2b8c1e-7a4d-4e0b-9c51-2d6f8a9b0c12',
    mergedResource: 'contact',
    mergedId: '7a1c2e3f-4b5d-4c6e-8f70-8192a3b4c5d6',
    fields: ['email'],
  },
  'post /api/admin/crawl-tasks': { name: '长沙 AI 产品经理', keywords: ['AI产品经理'], targetUrls: [], site: 'zhipin', waitTime: 8000 },
  'post /api/admin/crawl-results': {
    title: 'AI 产品经理',
    company: '长沙某科技',
    location: '长沙',
    salary: '15-25K',
    description: '负责 AI 产品的规划与落地，推动跨团队协作。',
    requirements: '三年以上产品经验，熟悉大模型应用。',
    skillTags: ['AI', '产品'],
    sourceUrl: 'https://www.zhipin.com/job_detail/fuzz.html',
  },
  'patch /api/admin/crawl-results/{id}': { status: 'approved', feedback: '可以发布' },
  'post /api/admin/crawler-config': { request_delay: 3000, user_agent_rotation: true, javascript_rendering: true, anti_detection: true, job_expiry_days: 30 },
  'put /api/admin/crawl-tasks/{id}/schedule': { cron: '0 9 * * 1-5' },
  'patch /api/admin/published-jobs/{id}': { isActive: false },
  'post /api/wechat/jsapi-signature': { url: 'http://127.0.0.1/?lng=en#share' },
  'post /api/admin/wechat-share-configs': { pageUrl: '/', title: '分享标题', description: '分享描述', imageUrl: 'https://www.example.cn/share.jpg' },
  'patch /api/admin/wechat-share-configs/{id}': { title: '新的分享标题' },
  'post /api/admin/outcomes': {
    studentId: '5c4b3a29-1807-4f6e-9d5c-4b3a29180716',
    category: 'in_field_full_time',
    date: '2026-11-20',
    employer: '长沙某科技',
    title: 'AI 产品经理',
    city: '长沙',
    startDate: '2026-12-01',
    monthlyBase: 1500000,
    monthsPerYear: 14,
    fixedExtras: 0,
    evidence: [{ accessURL: '/api/admin/files/contracts/2d3e4f50-6172-4839-a4b5-c6d7e8f9a0b1.pdf', kind: 'offer_letter' }],
  },
  'patch /api/admin/outcomes/{id}': { monthsPerYear: 13 },
  'post /api/admin/follow-ups': { leadType: 'registration', leadId: '9a1c2b3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d', dueAt: '2030-01-02T02:00:00.000Z', kind: 'phone', note: '回电' },
  'post /api/admin/follow-ups/{id}/complete': { result: '已沟通' },
  'put /api/admin/lead-settings': { statusReasons: [{ code: 'unreachable', zh: '联系不上', en: 'Could not be reached' }] },
  'put /api/admin/guarantee/settings': { target: 20000000, refundRate: 100, bonusThreshold: 150, bonusRate: 10, windowDays: 180, minAttendance: 90 },
  'put /api/admin/phone-daily-summary': { enabled: true, time: '08:30', ttsCode: 'TTS_300000002' },
  'put /api/admin/phone-crawler-check': { enabled: true, ttsCode: 'TTS_300000003' },
  // No entry for POST test-phone, test-aliyun, test-aliyun-phone: they take no body
  // (docs/product/phone.md#admin-calls), so every body is "broken" already; they get hostile bodies only (and place
  // calls against the stand-ins).
};
