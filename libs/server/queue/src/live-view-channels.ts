import { KEY_PREFIX } from './queue-names';

/**
 * The Redis channels and keys between the API and the worker that holds a live view (ADR 069). Pub/sub: a PUBLISH
 * answers how many subscribers received it, so the API learns at once that no worker listens, or that no tab
 * holds the view any more.
 */
export const LIVE_VIEW_CHANNELS = {
  /**
   * API → every worker: open a view ({ viewId, site }); the worker that wins `owner` opens it. Pub/sub ignores Redis'
   * logical databases, so the channel names the database: a system on another database of the same Redis (tests,
   * a second deployment) never opens our views.
   */
  open: (redisUrl: string) => `${KEY_PREFIX}:live-view:open:${new URL(redisUrl).pathname.replace(/^\//, '') || '0'}`,
  /** API → the owning worker: the operator's input, and `{ kind: 'close' }`. */
  input: (viewId: string) => `${KEY_PREFIX}:live-view:${viewId}:input`,
  /** The owning worker → the API: frames and the closing (LiveViewEvent). */
  events: (viewId: string) => `${KEY_PREFIX}:live-view:${viewId}:events`,
} as const;

export const LIVE_VIEW_KEYS_IN_REDIS = {
  /** SET NX by the worker that takes the view: one tab per view however many workers heard it. */
  owner: (viewId: string) => `${KEY_PREFIX}:live-view:${viewId}:owner`,
  /** The latest frame, so an event stream that starts after it (or a page that does not change) still shows it. */
  frame: (viewId: string) => `${KEY_PREFIX}:live-view:${viewId}:frame`,
} as const;

/** How long the owner and the latest frame are kept without being refreshed. */
export const LIVE_VIEW_KEY_TTL_S = 15 * 60;
