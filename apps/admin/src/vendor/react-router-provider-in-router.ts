import { createElement, Fragment, type ReactNode, useCallback, useContext, useEffect, useRef } from 'react';
import type { RouterProvider } from 'react-admin';
import {
  Link,
  matchPath,
  Navigate,
  Outlet,
  Route,
  Routes,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  useBlocker,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate as useReactRouterNavigate,
  useParams,
} from 'react-router-dom';

/**
 * ra-core's react-router adapter (ra-core/dist/routing/adapters/reactRouterProvider.js) without the hash router it
 * creates when <Admin> sits outside any router. The back office's <Admin> always sits inside the outer
 * BrowserRouter (App.tsx), so that router never ran, yet its `createHashRouter` kept react-router's whole data
 * router in the entry every page loads (vite.config.ts points ra-core here; ADR 081). Everything else is the
 * adapter's own code.
 */

/** Blocking navigation needs a data router, which the back office's BrowserRouter is not. */
const useCanBlock = () => {
  const dataRouterContext = useContext(UNSAFE_DataRouterContext);
  const dataRouterStateContext = useContext(UNSAFE_DataRouterStateContext);
  return Boolean(dataRouterContext && dataRouterStateContext);
};

/** react-router's navigate as a stable function: react-router's own changes on every navigation. */
const useNavigate = () => {
  const navigate = useReactRouterNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  return useCallback((...args: Parameters<typeof navigate>) => navigateRef.current(...(args as [never])), []);
};

/** The outer router is already there; <Admin> outside one is a mistake this build reports at once. */
function RouterWrapper({ children }: { basename?: string; children: ReactNode }) {
  if (!useInRouterContext()) throw new Error('<Admin> must render inside the back office router (App.tsx)');
  return createElement(Fragment, null, children);
}

export const reactRouterProvider = {
  useNavigate,
  useLocation,
  useParams,
  useBlocker,
  useMatch,
  useInRouterContext,
  useCanBlock,
  Link,
  Navigate,
  Route,
  Routes,
  Outlet,
  RouterWrapper,
  matchPath,
} as unknown as RouterProvider;
