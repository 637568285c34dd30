// What `npm run test:affected` runs for a set of changed files: the Jest projects of the Nx projects a change
// affects (Nx's graph, asked by tools/test-affected.mjs), and the journey folders its paths map to below.
// Kept free of side effects so it can be tested (affected.spec.ts).

/** Every folder of journeys under e2e/. */
export const JOURNEY_FOLDERS = ['audit', 'auth', 'crawler', 'crawler-admin', 'dashboard', 'leads', 'leads-admin', 'phone', 'site', 'site-settings', 'smoke', 'student-portal', 'students', 'wechat'];

const ADMIN_AREAS = ['audit', 'auth', 'crawler', 'crawler-admin', 'dashboard', 'leads-admin', 'phone', 'site-settings', 'students', 'wechat'];
// The student pages share the site's root, frame and translations.
const PUBLIC_SITE = ['site', 'leads', 'smoke', 'student-portal', 'wechat'];

/**
 * Changed path (a folder or file prefix) → the journey folders that drive it; the longest matching prefix wins.
 * `[]` means no journey can see the change; a path that matches nothing runs every journey (the safe default:
 * a new folder runs everything until it is mapped here).
 */
export const JOURNEYS_BY_PATH = {
  // Words, decisions and measurements: no journey.
  'docs/': [],
  'README.md': [],
  // The alert rules and the dashboard: promtool's tests (Jest), no journey.
  'ops/': [],
  'tools/bench/': [],
  '.ci/': [],
  // The test runners themselves.
  'tools/test.mjs': [],
  'tools/test-affected.mjs': [],
  'tools/test-flaky.mjs': [],
  'tools/lib/affected.mjs': [],
  'tools/lib/test-runner.mjs': [],
  // Tests that only Jest runs.
  'tools/testing/': [],
  // The back office: one area, or all of them for the shell every area shares.
  'apps/admin/src/': ADMIN_AREAS,
  'apps/admin/src/audit/': ['audit'],
  'apps/admin/src/auth/': ['auth'],
  'apps/admin/src/login/': ['auth'],
  'apps/admin/src/crawler/': ['crawler', 'crawler-admin'],
  'apps/admin/src/crawler-config/': ['crawler-admin'],
  'apps/admin/src/published-jobs/': ['crawler-admin'],
  'apps/admin/src/dashboard/': ['dashboard'],
  'apps/admin/src/backups/': ['dashboard'],
  'apps/admin/src/registrations/': ['leads-admin'],
  'apps/admin/src/messages/': ['leads-admin'],
  // The lead's page carries 转为学员 (e2e/students/enrol-lead).
  'apps/admin/src/leads/': ['leads-admin', 'students'],
  'apps/admin/src/people/': ['leads-admin'],
  'apps/admin/src/phone-config/': ['phone'],
  'apps/admin/src/site-settings/': ['site-settings'],
  'apps/admin/src/students/': ['students'],
  // The student card's accounts carry 生成重置链接 (e2e/student-portal).
  'apps/admin/src/students/StudentAccounts': ['students', 'student-portal'],
  'apps/admin/src/students/ResetLinkButton': ['student-portal'],
  'apps/admin/src/students/studentAccountsApi': ['student-portal'],
  'apps/admin/src/wechat-share/': ['wechat'],
  // The public site.
  'apps/web/app/': PUBLIC_SITE,
  'apps/web/app/jobs/': ['site', 'crawler-admin'],
  'apps/web/app/leads/': ['leads', 'leads-admin'],
  'apps/web/app/site-settings/': ['site', 'site-settings'],
  'apps/web/app/wechat/': ['wechat'],
  // The student's own pages (/student, /student/home, /student/reset/:token).
  'apps/web/app/student/': ['student-portal'],
  'apps/web/app/routes/student': ['student-portal'],
  // The API, module by module; what every module shares runs everything.
  'apps/api/src/audit/': ['audit'],
  'apps/api/src/auth/': ['auth', 'smoke'],
  'apps/api/src/crawler/': ['crawler', 'crawler-admin'],
  'apps/api/src/published-jobs/': ['crawler-admin', 'site'],
  'apps/api/src/jobs/': ['site', 'crawler-admin'],
  'apps/api/src/dashboard/': ['dashboard'],
  'apps/api/src/backups/': ['dashboard'],
  'apps/api/src/registrations/': ['leads', 'leads-admin', 'dashboard'],
  'apps/api/src/contact/': ['leads', 'leads-admin', 'dashboard'],
  'apps/api/src/leads/': ['leads', 'leads-admin', 'dashboard'],
  'apps/api/src/people/': ['leads-admin', 'students'],
  'apps/api/src/notifications/': ['phone', 'leads'],
  'apps/api/src/site-settings/': ['site-settings', 'site'],
  'apps/api/src/students/': ['students', 'dashboard'],
  'apps/api/src/enrolment/': ['students', 'leads-admin'],
  // Cohorts and attendance; the public site words its next cohort from them.
  'apps/api/src/cohorts/': ['students', 'site', 'site-settings'],
  'apps/api/src/uploads/': ['students'],
  'apps/api/src/storage/': ['students'],
  'apps/api/src/wechat/': ['wechat'],
  'apps/api/src/student-portal/': ['student-portal'],
  // The worker.
  'apps/worker/src/crawl/': ['crawler', 'crawler-admin'],
  'apps/worker/src/notify/': ['phone', 'leads'],
  'apps/worker/src/privacy/': ['leads-admin'],
  // The backups, shown and started on the dashboard (e2e/dashboard/backups).
  'apps/worker/src/backup/': ['dashboard'],
  'apps/worker/src/cli/': [],
  'libs/server/backup/': ['dashboard'],
  'tools/services/backups.mjs': ['dashboard'],
  // Stand-ins the journeys talk to.
  'tools/fixture-sites/': ['crawler', 'crawler-admin'],
  'tools/fake-aliyun/': ['phone'],
  'tools/fake-twilio/': ['phone'],
  'tools/fake-wechat/': ['wechat'],
};

/**
 * The journey folders a changed path maps to (see JOURNEYS_BY_PATH). A journey file maps to its folder; other
 * files under e2e/ (support/, helpers one folder shares with another) match nothing, so run every journey.
 */
export function journeysForPath(file) {
  const own = /^e2e\/([^/]+)\/[^/]+\.e2e\.ts$/.exec(file);
  if (own && JOURNEY_FOLDERS.includes(own[1])) return [own[1]];
  if (/\.(spec|int-spec|e2e-spec)\.tsx?$/.test(file) || /^(apps|libs)\/.+\/test\//.test(file)) return [];
  const prefix = Object.keys(JOURNEYS_BY_PATH)
    .filter((candidate) => file === candidate || file.startsWith(candidate))
    .sort((a, b) => b.length - a.length)[0];
  return prefix === undefined ? JOURNEY_FOLDERS : JOURNEYS_BY_PATH[prefix];
}

/** The journey folders all of `files` map to, in JOURNEY_FOLDERS order. */
export function affectedJourneys(files) {
  const wanted = new Set(files.flatMap(journeysForPath));
  return JOURNEY_FOLDERS.filter((folder) => wanted.has(folder));
}

/** Jest projects (jest.config.ts display names) of each Nx project. */
const JEST_PROJECTS_BY_NX_PROJECT = {
  '@aipm/contracts': ['contracts'],
  '@aipm/config': ['config'],
  '@aipm/database': ['database'],
  '@aipm/queue': ['queue'],
  '@aipm/phone': ['phone'],
  '@aipm/backup': ['backup'],
  '@aipm/metrics': ['metrics'],
  '@aipm/api': ['api'],
  '@aipm/worker': ['worker'],
  '@aipm/web': ['web-ui', 'web'],
  '@aipm/web-server': ['web-server'],
  '@aipm/admin': ['admin-ui', 'admin'],
};

/**
 * The Jest projects to run: those of the affected Nx projects, plus `workspace` (tools/, not an Nx project)
 * when a file under tools/ changed, and every project when the shared test helpers of tools/testing/ changed.
 */
export function affectedJestProjects(nxProjects, files) {
  if (files.some((file) => file.startsWith('tools/testing/') || file === 'jest.config.ts' || file === 'jest.unit.config.ts')) {
    return [...Object.values(JEST_PROJECTS_BY_NX_PROJECT).flat(), 'workspace'];
  }
  const projects = nxProjects.flatMap((name) => {
    const jest = JEST_PROJECTS_BY_NX_PROJECT[name];
    if (!jest) throw new Error(`Nx project ${name} has no Jest project in tools/lib/affected.mjs`);
    return jest;
  });
  if (files.some((file) => file.startsWith('tools/'))) projects.push('workspace');
  return [...new Set(projects)];
}
