import { loadDashboard, loadDashboardCharts } from '../dashboard';
import { loadMessageList } from '../messages';
import { loadRegistrationList } from '../registrations';

/*
 * The screens a signed-in page opens on first (ADR 040): AdminApp.tsx starts the one the address names as soon
 * as react-admin's chunk runs, while the session check (started by headStart.ts) is still on its way. Otherwise
 * react-admin would ask for the screen only once that check answered and the layout rendered. Each section
 * declares its chunks' imports, which its lazy components use too, so each chunk is still fetched once.
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
