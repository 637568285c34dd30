import { startSessionCheck } from './auth/earlySession';
import { loadEnglish } from './i18n/english-on-demand';
import { currentLocale } from './i18n/locale';

/**
 * react-admin and the sections (AdminApp.tsx): one chunk, loaded only off the login page. A page that opens in
 * English also waits for the English catalogue, fetched beside it (i18n/english-on-demand.ts); if that fetch fails,
 * the page opens in Chinese (i18n/i18nProvider.ts).
 */
export const loadAdminApp = () =>
  Promise.all([import('./AdminApp'), currentLocale() === 'en' ? loadEnglish().catch(() => undefined) : undefined]).then(([module]) => module);

/**
 * Called by main.tsx before the first render on any /admin path but the login page (ADR 040). Left to itself the
 * page would fetch react-admin's chunk once React rendered, and ask for the session once that chunk ran: two
 * waits in a row on a phone's connection. With the session cookie the front door sends signed-in.html, which has
 * already asked for both beside this entry (ADR 083): these calls then take what arrives. The opened screen's chunks
 * start later, once the header has its welcome line (layout/ScreenAfterLayout.tsx, ADR 082).
 * Only the login page's entry carries this module, so it holds no more than these two calls.
 */
export function startHeadStart(): void {
  // A failed fetch is reported by the lazy component that renders the chunk, as without this head start.
  loadAdminApp().catch(() => undefined);
  startSessionCheck();
}
