import { type ComponentType, lazy, type LazyExoticComponent, useState } from 'react';
import { AdminContext, AdminUI, CustomRoutes, localStorageStore, Resource } from 'react-admin';
import { Route } from 'react-router-dom';

import { AppTitle } from './AppTitle';
import { adminDataProvider } from './adminDataProvider';
import { auditResource } from './audit';
import { authProvider, seedIdentityOnArrival } from './auth/authProvider';
import { VerifyingPermission } from './auth/VerifyingPermission';
import { CrawlerScreen } from './crawler';
import { CrawlerConfigScreen } from './crawler-config';
import { DashboardScreen } from './dashboard';
import { createAdminQueryClient, notifyQueryObserversInOneTimer } from './data/queryClient';
// Imported just before the provider it feeds: the chunk then keeps all the wording together, 0.6 KB less gzip.
import { FIRST_SECTION_MESSAGES } from './firstSectionMessages';
import { type AdminI18nProvider, createI18nProvider } from './i18n/i18nProvider';
import { withOpeningLocale } from './i18n/openingLocaleStore';
import { AdminLayout } from './layout/AdminLayout';
import { SignedInHeader } from './layout/SignedInHeader';
import { messagesResource } from './messages';
import { DuplicatesScreen, PersonScreen } from './people';
import { PublishedJobsScreen } from './published-jobs';
import { registrationsResource } from './registrations';
import { ADMIN_SECTIONS } from './sections/adminSections';
import { isFirstScreen } from './sections/firstScreens';
import { loadLaterWording, setLaterWordingProvider } from './sections/laterWording';
import { adminDarkTheme, adminTheme } from './theme';
import { PhoneConfigScreen } from './phone-config';
import { SiteSettingsScreen } from './site-settings';
import { LandingContentScreen } from './landing-content';
import { AdminNotification } from './toast/AdminNotification';
import { wechatShareResource } from './wechat-share';
import { cohortsResource, contractsResource, guaranteeResource, outcomesReportResource, paymentsResource, studentAccountsResource, studentsResource } from './students';

// react-query's notifications, one timer per macrotask rather than one per batch (ADR 079).
notifyQueryObserversInOneTimer();

let i18nProvider: AdminI18nProvider | undefined;

/**
 * The i18n provider, made at the first render rather than as this chunk runs: a page that opens in English renders
 * once the English catalogue has arrived too (headStart.ts), and only then can the provider start in English
 * (i18n/i18nProvider.ts, ADR 083). It holds the first screens' wording; the other sections' comes with their screens
 * (sections/laterWording.ts, ADR 079).
 */
function adminI18nProvider(): AdminI18nProvider {
  if (i18nProvider) return i18nProvider;
  i18nProvider = createI18nProvider(FIRST_SECTION_MESSAGES);
  setLaterWordingProvider(i18nProvider);
  // Any other screen's wording now, beside the session check (ADR 079). A first screen's chunks start with the
  // screen, after the layout's header (layout/ScreenAfterLayout.tsx, ADR 082).
  if (!isFirstScreen(window.location.pathname)) loadLaterWording().catch(() => undefined);
  return i18nProvider;
}

/**
 * Where react-admin keeps what the administrator chose (the language among others), as `<Admin>` does; until a
 * language is chosen, it answers with the one the page opened in (i18n/openingLocaleStore.ts).
 */
const adminStore = withOpeningLocale(localStorageStore(), () => adminI18nProvider().getLocale());

/**
 * Each section is its own chunk, fetched when it is first opened (its index.ts, ADR 040); so is the placeholder of
 * the sections not built yet.
 */
const SectionPlaceholder = lazy(() => import('./sections/SectionPlaceholder').then((module) => ({ default: module.SectionPlaceholder })));

/** The areas built so far; every other section of the menu still shows its placeholder. */
const RESOURCES = [registrationsResource, messagesResource, studentsResource, contractsResource, studentAccountsResource, cohortsResource, guaranteeResource, outcomesReportResource, paymentsResource, wechatShareResource, auditResource];
/** Sections that are pages of their own rather than react-admin resources, each a lazy chunk. */
const SECTION_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  crawler: CrawlerScreen,
  'published-jobs': PublishedJobsScreen,
  'crawler-config': CrawlerConfigScreen,
  'phone-config': PhoneConfigScreen,
  'site-settings': SiteSettingsScreen,
  'landing-content': LandingContentScreen,
};
const PLACEHOLDER_SECTIONS = ADMIN_SECTIONS.filter(({ path }) => !RESOURCES.some((resource) => resource.name === path) && !(path in SECTION_SCREENS));

/**
 * react-admin for every /admin/** path but the login page, loaded after sign-in (App.tsx). `<Admin
 * basename="/admin">` alone renders a blank page under a sub-path; it sits inside the outer router whose
 * route claims /admin/* (see shared stack notes). With `loginPage={false}` a failed session check still
 * goes to /admin/login (react-admin's loginUrl under the basename), which the outer router serves.
 */
export default function AdminApp() {
  /*
   * One data-loading policy for every screen (docs/product/back-office.md#no-retries-and-no-polling): see
   * data/queryClient.ts. Nothing read goes stale on its own, so the cache lives as long as this signed-in app: going
   * to the login page (logout, an ended session) and back starts with nothing cached.
   */
  const [queryClient] = useState(() => {
    const client = createAdminQueryClient();
    seedIdentityOnArrival(client);
    return client;
  });
  return (
    // react-admin's <Admin> is these two; apart, the header can stand beside react-admin's routes (layout/SignedInHeader.tsx).
    <AdminContext
      basename="/admin"
      authProvider={authProvider}
      dataProvider={adminDataProvider}
      queryClient={queryClient}
      i18nProvider={adminI18nProvider()}
      store={adminStore}
      theme={adminTheme}
      darkTheme={adminDarkTheme}
    >
      <SignedInHeader />
      <AdminUI
        // Nothing renders before the session check succeeds; meanwhile "verifying…"
        // (docs/product/back-office.md#permission-check).
        requireAuth
        loading={VerifyingPermission}
        loginPage={false}
        dashboard={DashboardScreen}
        layout={AdminLayout}
        // One toast at a time, 5 s, swipe and F8 (docs/product/back-office.md#toasts), like the login page's.
        notification={AdminNotification}
        title={<AppTitle />}
        // No call home to the react-admin vendor from a back office full of personal data.
        disableTelemetry
      >
        {RESOURCES.map((resource) => (
          <Resource key={resource.name} {...resource} />
        ))}
        <CustomRoutes>
          {Object.entries(SECTION_SCREENS).map(([path, Screen]) => (
            <Route key={path} path={`/${path}`} element={<Screen />} />
          ))}
          {/* 客户主页: the person a registration, message or student names (docs/product/back-office.md#person-page). */}
          <Route path="/people/:resource/:id" element={<PersonScreen />} />
          {/* 疑似重复: the likely duplicates, merged side by side and undone (docs/product/back-office.md#duplicates). */}
          <Route path="/people/duplicates" element={<DuplicatesScreen />} />
          {PLACEHOLDER_SECTIONS.map(({ path, labelKey }) => (
            <Route key={path} path={`/${path}`} element={<SectionPlaceholder labelKey={labelKey} />} />
          ))}
        </CustomRoutes>
      </AdminUI>
    </AdminContext>
  );
}
