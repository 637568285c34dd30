import { useEffect } from 'react';

import { loadDashboard, loadDashboardCharts } from '../dashboard';
import { loadMessageList } from '../messages';
import { loadRegistrationList } from '../registrations';

/*
 * The screens a signed-in page opens on first (ADR 040): the layout starts the one the address names with the
 * screen, after its header (ADR 082), all of the screen's chunks at once; otherwise the dashboard's charts would
 * wait for the dashboard's own chunk to run. Each section declares its chunks' imports, which its lazy
 * components use too, so each chunk is still fetched once.
 */

/** The dashboard and the lists: where the back office is opened from a bookmark or after sign-in. */
const FIRST_SCREENS: Record<string, ReadonlyArray<() => Promise<unknown>>> = {
  '': [loadDashboard, loadDashboardCharts],
  registrations: [loadRegistrationList],
  messages: [loadMessageList],
};

/** The first screen at `pathname` (/admin, /admin/registrations…): its key in FIRST_SCREENS, or none for any other. */
function firstScreenAt(pathname: string): string | undefined {
  if (!/^\/admin(\/|$)/.test(pathname)) return undefined;
  const [section = '', ...rest] = pathname.replace(/^\/admin\/?/, '').replace(/\/$/, '').split('/');
  return rest.length === 0 && section in FIRST_SCREENS ? section : undefined;
}

/** Whether `pathname` is the dashboard or a lead list, the screens whose wording react-admin's chunk carries. */
export function isFirstScreen(pathname: string): boolean {
  return firstScreenAt(pathname) !== undefined;
}

/** Starts the chunks of the screen at `pathname` (/admin, /admin/registrations…); a deeper path starts none. */
export function startFirstScreen(pathname: string): void {
  const section = firstScreenAt(pathname);
  if (section === undefined) return;
  // A failed fetch is reported by the lazy component that renders the chunk, as without this head start.
  for (const load of FIRST_SCREENS[section] ?? []) load().catch(() => undefined);
}

/**
 * Starts the first screen's chunks, all at once, when it mounts: the layout renders it with the screen, once its
 * header has been committed (layout/ScreenAfterLayout.tsx). Started with react-admin's chunk, they shared a phone's
 * connection with what the header needs and delayed it by a second in Lighthouse's slow 4G (ADR 082).
 */
export function FirstScreenChunks(): null {
  useEffect(() => startFirstScreen(window.location.pathname), []);
  return null;
}
