import '../test/support/jsdom-setup';
import { AUDIT_PATHS, AUDIT_RESOURCE } from '@aipm/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { AdminContext, memoryStore, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { adminDataProvider } from './adminDataProvider';
import { AuditList } from './audit/AuditList';
import { authProvider } from './auth/authProvider';
import { CrawlerSection } from './crawler/CrawlerSection';
import { CrawlerConfigSection } from './crawler-config/CrawlerConfigSection';
import { SiteHealthCard } from './crawler-config/SiteHealthCard';
import { DashboardCharts } from './dashboard/DashboardCharts';
import { ChangePasswordDialog } from './layout/ChangePasswordDialog';
import { createAdminQueryClient } from './data/queryClient';
import { createI18nProvider } from './i18n/i18nProvider';
import { PhoneConfigSection } from './phone-config/PhoneConfigSection';
import { PublishedJobsSection } from './published-jobs/PublishedJobsSection';
import { SECTION_MESSAGES } from './sectionMessages';
import { SiteSettingsSection } from './site-settings/SiteSettingsSection';

const SLOW = { timeout: 5000 };

/**
 * The session has ended: every call answers 401 (docs/product/back-office.md#access), but for the calls a case lets
 * through (`open`), which answer an empty list.
 */
function sessionEnded(open: (path: string) => boolean = () => false) {
  const calls: string[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    const [status, body] = open(path)
      ? [200, { success: true, data: [] }]
      : [401, { success: false, code: 'UNAUTHORIZED', message: '请先登录管理员账户' }];
    const text = JSON.stringify(body);
    return {
      ok: status < 400,
      status,
      statusText: '',
      headers: new Headers({ 'Content-Type': 'application/json', 'Content-Range': 'audit-log 0-0/0' }),
      text: async () => text,
    } as Response;
  }) as typeof fetch;
  return calls;
}

/** A section as the back office shows it: react-admin's contexts with the app's auth and data providers. */
function renderSignedIn(ui: ReactElement) {
  return render(
    <MemoryRouter initialEntries={['/section']}>
      <AdminContext
        authProvider={authProvider}
        dataProvider={adminDataProvider}
        i18nProvider={createI18nProvider(SECTION_MESSAGES, '')}
        store={memoryStore()}
        queryClient={createAdminQueryClient()}
      >
        <Routes>
          <Route path="/section" element={ui} />
          <Route path="/login" element={<p>the login page</p>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

/** The crawler screen listens to the server's pushed events; jsdom has no EventSource. */
class SilentEventSource {
  onopen = null;
  onerror = null;
  onmessage = null;
  close() {}
}

/** The header's password dialog, filled in and sent. */
async function changePassword() {
  const user = userEvent.setup();
  for (const [label, value] of [
    ['当前密码', 'old-password'],
    ['新密码', 'long-enough-1'],
    ['确认新密码', 'long-enough-1'],
  ]) {
    await user.type(await screen.findByLabelText(label), value);
  }
  await user.click(screen.getByRole('button', { name: '确认修改' }));
}

const SECTIONS: Array<{ section: string; ui: ReactElement; open?: (path: string) => boolean; act?: () => Promise<void> }> = [
  { section: 'site settings', ui: <SiteSettingsSection /> },
  { section: 'crawler settings', ui: <CrawlerConfigSection /> },
  { section: 'site health', ui: <SiteHealthCard /> },
  { section: 'published jobs', ui: <PublishedJobsSection /> },
  { section: 'phone settings', ui: <PhoneConfigSection /> },
  {
    section: 'audit log (its actor filter)',
    ui: (
      <ResourceContextProvider value={AUDIT_RESOURCE}>
        <AuditList />
      </ResourceContextProvider>
    ),
    // The list itself is react-admin's getList, signed out already; what is checked is the actor filter's call.
    open: (path) => !path.startsWith(AUDIT_PATHS.actors),
  },
  { section: 'crawler', ui: <CrawlerSection /> },
  { section: 'dashboard charts', ui: <DashboardCharts /> },
  { section: 'password change', ui: <ChangePasswordDialog open firstTime={false} onClose={() => undefined} onChanged={() => undefined} />, act: changePassword },
];

describe('section calls through the data provider', () => {
  beforeAll(() => {
    Object.assign(globalThis, { EventSource: SilentEventSource });
  });
  afterEach(() => jest.restoreAllMocks());

  it.each(SECTIONS)('signs the administrator out when a call of the $section section answers 401', async ({ ui, open, act }) => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const checkError = jest.spyOn(authProvider, 'checkError');
    sessionEnded(open);
    renderSignedIn(ui);
    await act?.();

    expect(await screen.findByText('the login page', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(checkError).toHaveBeenCalledWith(expect.objectContaining({ status: 401 })));
  });
});
