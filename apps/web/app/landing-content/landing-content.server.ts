import { defaultLandingContent, formatIsoDate, type LandingContent, LANDING_CONTENT_PATHS, type LandingPublication } from '@aipm/contracts';

/*
 * The landing page's live content as the page renders it (docs/product/public-site.md#content-edited-in-the-back-office,
 * ADR 074): read by the web server, never by the browser (it reaches the page in the server-rendered HTML and the
 * loader data). A read younger than LANDING_CONTENT_CHECK_MS serves as it is; past that the next load asks the API
 * with the publication's ETag, which answers 304 while nothing was published, so a publish shows within a second.
 */

/** How long a read serves before the API is asked again: the page cache's own check interval (ADR 032). */
export const LANDING_CONTENT_CHECK_MS = 500;
/** The page must not wait long for the API: after this it renders with what it had (or the defaults). */
const LANDING_CONTENT_TIMEOUT_MS = 1_500;

export interface LiveLandingContent {
  /** The publication's id; null: the API could not be read yet and these are the built-in defaults. */
  id: number | null;
  content: LandingContent;
}

interface Cached extends LiveLandingContent {
  etag: string | null;
  checkedAt: number;
}

let cached: Cached | null = null;
let pending: Promise<LiveLandingContent> | null = null;

/** Forgets the read (tests). */
export function forgetLandingContent(): void {
  cached = null;
}

/** The sections every publication's content has (the defaults are one). */
const SECTIONS = Object.keys(defaultLandingContent(null, '2026-01-01')) as Array<keyof LandingContent>;

/**
 * The publication in the API's answer (`{ data: { id, content } }`), or null when the answer has another shape (a
 * proxy's page, another service on the port): such an answer counts as no answer, so the page keeps the last known
 * content instead of rendering from something that is not content. The fields inside were checked when the content
 * was published; only the outline is checked here, so a later rule never hides a live publication.
 */
function publicationIn(body: unknown): LandingPublication | null {
  const data = (body as { data?: unknown } | null)?.data as Partial<LandingPublication> | undefined;
  if (typeof data !== 'object' || data === null || !Number.isInteger(data.id)) return null;
  const content = data.content as Record<string, unknown> | undefined;
  if (typeof content !== 'object' || content === null) return null;
  return SECTIONS.every((section) => typeof content[section] === 'object' && content[section] !== null) ? (data as LandingPublication) : null;
}

async function fetchContent(apiUrl: string, requestId: string, now: number): Promise<LiveLandingContent> {
  try {
    const headers: Record<string, string> = { Accept: 'application/json', 'x-request-id': requestId };
    if (cached?.etag) headers['If-None-Match'] = cached.etag;
    const response = await fetch(`${apiUrl}${LANDING_CONTENT_PATHS.live}`, { headers, signal: AbortSignal.timeout(LANDING_CONTENT_TIMEOUT_MS) });
    if (response.status === 304 && cached) {
      cached = { ...cached, checkedAt: now };
      return cached;
    }
    if (!response.ok) throw new Error(`landing content answered ${response.status}`);
    const data = publicationIn(await response.json());
    if (!data) throw new Error(`landing content answered ${response.status} without a publication`);
    cached = { id: data.id, content: data.content, etag: response.headers.get('etag'), checkedAt: now };
    return cached;
  } catch (error) {
    // The last known content (or the built-in one) rather than a broken page; asked again at the next load.
    console.error(JSON.stringify({ msg: 'landing content unavailable, the page shows the last known', requestId, err: String(error) }));
    return cached ?? { id: null, content: defaultLandingContent(null, formatIsoDate(now)) };
  }
}

/** The live content for this render: the last read while it is fresh, else one API call shared by concurrent loads. */
export async function readLandingContent(context: { apiUrl: string; requestId: string }, now = Date.now()): Promise<LiveLandingContent> {
  if (cached && now - cached.checkedAt < LANDING_CONTENT_CHECK_MS) return cached;
  pending ??= fetchContent(context.apiUrl, context.requestId, now).finally(() => {
    pending = null;
  });
  return pending;
}
