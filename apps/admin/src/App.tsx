import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';

import { loadAdminApp } from './headStart';
import { LoginPage } from './login/LoginPage';
import { ToastHost } from './toast/ToastHost';

/** react-admin and the sections: a separate chunk, loaded only off the login page (ADR 040). */
const AdminApp = lazy(loadAdminApp);

/**
 * The back office's routes. /admin/login is its own route outside <Admin>, a small MUI form, so the first load
 * of the back office carries no react-admin; every other /admin/** path loads react-admin (AdminApp.tsx).
 * A component of its own, so the tests render the same routes in a memory router.
 */
export function BackOfficeRoutes() {
  return (
    <Routes>
      <Route path="/admin/login" element={<LoginPage />} />
      <Route
        path="/admin/*"
        element={
          // The bare fallback is the blank moment before react-admin's own "verifying…" screen.
          <Suspense fallback={null}>
            <AdminApp />
          </Suspense>
        }
      />
    </Routes>
  );
}

/** The outer router of the back office, with the toasts the login page shows. */
export function App() {
  return (
    <BrowserRouter>
      <BackOfficeRoutes />
      <ToastHost />
    </BrowserRouter>
  );
}
