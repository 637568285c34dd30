import { affectedJestProjects, affectedJourneys, JOURNEY_FOLDERS, journeysForPath } from './affected.mjs';

describe(journeysForPath.name, () => {
  it('maps a back-office area, its API module and its worker code to the journeys that drive them', () => {
    expect(journeysForPath('apps/admin/src/students/StudentForm.tsx')).toEqual(['students']);
    expect(journeysForPath('apps/api/src/crawler/crawl-tasks.service.ts')).toEqual(['crawler', 'crawler-admin']);
    expect(journeysForPath('apps/worker/src/crawl/page-reader.ts')).toEqual(['crawler', 'crawler-admin']);
  });

  it("runs the student portal's journeys for its pages, its API module and the back office's reset link", () => {
    expect(journeysForPath('apps/web/app/routes/student.home.tsx')).toEqual(['student-portal']);
    expect(journeysForPath('apps/web/app/student/StudentFrame.tsx')).toEqual(['student-portal']);
    expect(journeysForPath('apps/api/src/student-portal/student-auth.service.ts')).toEqual(['student-portal']);
    expect(journeysForPath('apps/admin/src/students/ResetLinkButton.tsx')).toEqual(['student-portal']);
    expect(journeysForPath('apps/admin/src/students/StudentAccounts.tsx')).toEqual(['students', 'student-portal']);
    expect(journeysForPath('e2e/student-portal/student-sign-in.e2e.ts')).toEqual(['student-portal']);
  });

  it('runs every admin journey for the shell all areas share, and the public ones for the site', () => {
    expect(journeysForPath('apps/admin/src/layout/Menu.tsx')).toContain('leads-admin');
    expect(journeysForPath('apps/admin/src/layout/Menu.tsx')).not.toContain('site');
    expect(journeysForPath('apps/web/app/root.tsx')).toEqual(['site', 'leads', 'smoke', 'student-portal', 'wechat']);
  });

  it('runs no journey for words, benches and Jest-only tests', () => {
    expect(journeysForPath('docs/decisions/011-test-layout.md')).toEqual([]);
    expect(journeysForPath('tools/bench/site.mjs')).toEqual([]);
    expect(journeysForPath('apps/api/test/students.e2e-spec.ts')).toEqual([]);
    expect(journeysForPath('apps/admin/src/students/StudentForm.spec.tsx')).toEqual([]);
  });

  it('runs a changed journey file, and every journey for a shared helper or a path nobody mapped', () => {
    expect(journeysForPath('e2e/phone/phone-config.e2e.ts')).toEqual(['phone']);
    expect(journeysForPath('e2e/support/admin.ts')).toEqual(JOURNEY_FOLDERS);
    expect(journeysForPath('e2e/crawler-admin/areas.ts')).toEqual(JOURNEY_FOLDERS);
    expect(journeysForPath('libs/contracts/src/errors.ts')).toEqual(JOURNEY_FOLDERS);
    expect(journeysForPath('apps/new-app/src/main.ts')).toEqual(JOURNEY_FOLDERS);
  });
});

describe(affectedJourneys.name, () => {
  it('joins the journeys of every file, once each, in folder order', () => {
    expect(affectedJourneys(['apps/api/src/wechat/wechat.service.ts', 'apps/admin/src/audit/AuditList.tsx', 'apps/admin/src/wechat-share/Panel.tsx'])).toEqual(['audit', 'wechat']);
    expect(affectedJourneys([])).toEqual([]);
  });
});

describe(affectedJestProjects.name, () => {
  it('runs the Jest projects of the Nx projects Nx called affected', () => {
    expect(affectedJestProjects(['@aipm/queue', '@aipm/worker', '@aipm/api'], ['libs/server/queue/src/crawl-job.ts'])).toEqual(['queue', 'worker', 'api']);
    expect(affectedJestProjects(['@aipm/admin'], ['apps/admin/src/App.tsx'])).toEqual(['admin-ui', 'admin']);
  });

  it('adds the workspace project for tools/, and runs everything when the shared test helpers change', () => {
    expect(affectedJestProjects([], ['tools/start.mjs'])).toEqual(['workspace']);
    expect(affectedJestProjects([], ['tools/testing/services.ts'])).toHaveLength(15);
  });

  it('refuses an Nx project it cannot map, so a new project is not silently left untested', () => {
    expect(() => affectedJestProjects(['@aipm/portal'], ['apps/portal/src/main.ts'])).toThrow(/@aipm\/portal/);
  });
});
