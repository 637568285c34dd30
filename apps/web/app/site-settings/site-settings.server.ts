import { type HeroFigures, type PublicSiteSettingsResponse, SITE_SETTINGS_DEFAULTS, SITE_SETTINGS_PATHS, type SiteSettings } from '@aipm/contracts';

/*
 * The site settings as the public pages render them (docs/product/public-site.md#site-settings-on-the-site,
 * ADR 025): read from the API by the web server, never by the browser (they reach it inside the server-rendered
 * HTML and its loader data), and kept here for a few seconds so a busy page does not ask the API on every load.
 */

/** How long a read serves before the next load asks the API again: a saved change shows within this. */
export const SITE_SETTINGS_TTL_MS = 5_000;
/** The page must not wait long for the API: after this it renders with what it had (or the defaults). */
const SITE_SETTINGS_TIMEOUT_MS = 1_500;

/** The settings and the hero figures the settings take from the outcomes report (empty: the texts' own). */
export type PublicSiteSettings = SiteSettings & { heroFigures: HeroFigures };

const DEFAULTS: PublicSiteSettings = { ...SITE_SETTINGS_DEFAULTS, heroFigures: {} };

export type SiteSettingsChangeListener = (settings: PublicSiteSettings, updatedAt: string | null) => void;

interface Cached {
  settings: PublicSiteSettings;
  updatedAt: string | null;
  readAt: number;
}

let cached: Cached | null = null;
let pending: Promise<PublicSiteSettings> | null = null;
const listeners = new Set<SiteSettingsChangeListener>();

/**
 * THE "site settings changed" point of the web server: called when a read finds a newer `updatedAt` than the
 * one it had, before that read's page renders. A rendered-page cache purges itself here, so no page rendered
 * with the old settings is served after the change is seen. @returns a function that unsubscribes
 */
export function onSiteSettingsChanged(listener: SiteSettingsChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(settings: PublicSiteSettings, updatedAt: string | null): void {
  for (const listener of listeners) {
    try {
      listener(settings, updatedAt);
    } catch (error) {
      console.error(JSON.stringify({ msg: 'a site-settings listener failed', err: String(error) }));
    }
  }
}

/** Forgets the read (tests; and a listener that wants the next load to ask the API at once). */
export function forgetSiteSettings(): void {
  cached = null;
}

async function fetchSettings(apiUrl: string, requestId: string, now: number): Promise<PublicSiteSettings> {
  try {
    const response = await fetch(`${apiUrl}${SITE_SETTINGS_PATHS.public}`, {
      headers: { Accept: 'application/json', 'x-request-id': requestId },
      signal: AbortSignal.timeout(SITE_SETTINGS_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`site settings answered ${response.status}`);
    const { data, updatedAt, heroFigures } = (await response.json()) as PublicSiteSettingsResponse;
    const previous = cached;
    cached = { settings: { ...SITE_SETTINGS_DEFAULTS, ...data, heroFigures: heroFigures ?? {} }, updatedAt, readAt: now };
    // The settings' time, or what they say: the next cohort's wording follows the cohorts, the hero figures the report (ADR 025).
    if (previous && (previous.updatedAt !== updatedAt || JSON.stringify(previous.settings) !== JSON.stringify(cached.settings))) changed(cached.settings, updatedAt);
    return cached.settings;
  } catch (error) {
    // The last known settings (or the defaults) rather than a broken page; asked again at the next load.
    console.error(JSON.stringify({ msg: 'site settings unavailable, the page shows the last known', requestId, err: String(error) }));
    return cached?.settings ?? DEFAULTS;
  }
}

/** The settings for this render: the cached read while it is fresh, else one API call shared by concurrent loads. */
export async function readSiteSettings(context: { apiUrl: string; requestId: string }, now = Date.now()): Promise<PublicSiteSettings> {
  if (cached && now - cached.readAt < SITE_SETTINGS_TTL_MS) return cached.settings;
  pending ??= fetchSettings(context.apiUrl, context.requestId, now).finally(() => {
    pending = null;
  });
  return pending;
}
