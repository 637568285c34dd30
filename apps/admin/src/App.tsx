import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';

import { AppTitle } from './AppTitle';
import { authProvider } from './auth/authProvider';
import { VerifyingPermission } from './auth/VerifyingPermission';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { createI18nProvider } from './i18n/i18nProvider';
import { AdminLayout } from './layout/AdminLayout';
import { LoginPage } from './login/LoginPage';
import { messagesResource } from './messages';
import { registrationsResource } from './registrations';
import { ADMIN_SECTIONS } from './sections/adminSections';
import { SectionPlaceholder } from './sections/SectionPlaceholder';

const i18nProvider = createI18nProvider();

/** The areas built so far; every other section of the menu still shows its placeholder. */
const RESOURCES = [registrationsResource, messagesResource];
const PLACEHOLDER_SECTIONS = ADMIN_SECTIONS.filter(({ path }) => !RESOURCES.some((resource) => resource.name === path));

/**
 * `<Admin basename="/admin">` alone renders a blank page under a sub-path; react-admin must sit inside an
 * outer router whose route claims /admin/* (see shared stack notes).
 */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/admin/*"
          element={
            <Admin
              basename="/admin"
              authProvider={authProvider}
              // Nothing renders before the session check succeeds (spec §6); meanwhile "verifying…".
              requireAuth
              loading={VerifyingPermission}
              loginPage={LoginPage}
              dataProvider={dataProvider}
              i18nProvider={i18nProvider}
              dashboard={Dashboard}
              layout={AdminLayout}
              title={<AppTitle />}
              // No call home to the react-admin vendor from a back office full of personal data.
              disableTelemetry
            >
              {RESOURCES.map((resource) => (
                <Resource key={resource.name} {...resource} />
              ))}
              <CustomRoutes>
                {PLACEHOLDER_SECTIONS.map(({ path, labelKey }) => (
                  <Route key={path} path={`/${path}`} element={<SectionPlaceholder labelKey={labelKey} />} />
                ))}
              </CustomRoutes>
            </Admin>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
