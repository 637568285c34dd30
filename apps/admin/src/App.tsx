import { Admin, CustomRoutes } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';

import { AppTitle } from './AppTitle';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { createI18nProvider } from './i18n/i18nProvider';
import { LoginPlaceholder } from './login/LoginPlaceholder';

const i18nProvider = createI18nProvider();

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
              dataProvider={dataProvider}
              i18nProvider={i18nProvider}
              dashboard={Dashboard}
              title={<AppTitle />}
              // No call home to the react-admin vendor from a back office full of personal data.
              disableTelemetry
              // The built-in login route redirects away without an authProvider; the auth issue brings the
              // real login / first-administrator screen (loginPage) and drops this custom route.
              loginPage={false}
            >
              {/* Also keeps the admin "non-empty": without any route react-admin shows its Ready page. */}
              <CustomRoutes noLayout>
                <Route path="/login" element={<LoginPlaceholder />} />
              </CustomRoutes>
            </Admin>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
