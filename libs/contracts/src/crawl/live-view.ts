import type { SEARCH_SITES } from './search-urls';

/**
 * The live view of the worker's Chromium (docs/product/crawler.md#live-view, ADR 069): the operator signs in to a site
 * through a screencast of the worker's tab and sends clicks, scrolls and keys back. Closing it stores the session.
 */

/** The tab's viewport and the largest frame sent: input coordinates are in this space. */
export const LIVE_VIEW_WIDTH = 1280;
export const LIVE_VIEW_HEIGHT = 800;
/** Frames sent per second at most; a burst of changes sends its last frame when the interval ends. */
export const LIVE_VIEW_MAX_FPS = 5;
/** A view nobody sends input to is closed (without storing) after this long. */
export const LIVE_VIEW_IDLE_MS = 10 * 60 * 1000;

/** What an operator's input can be: a click, the three parts of a drag (a slider), a wheel scroll, a key, typed text. */
export const LIVE_VIEW_INPUT_KINDS = ['click', 'down', 'move', 'up', 'scroll', 'key', 'text'] as const;
export type LiveViewInputKind = (typeof LIVE_VIEW_INPUT_KINDS)[number];

/** Keys sent as keys (the rest of the keyboard arrives as typed text). */
export const LIVE_VIEW_KEYS = ['Enter', 'Backspace', 'Delete', 'Tab', 'Escape', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'] as const;
export type LiveViewKey = (typeof LIVE_VIEW_KEYS)[number];
/** Text typed in one input at most. */
export const LIVE_VIEW_TEXT_MAX = 500;

export interface LiveViewInput {
  kind: LiveViewInputKind;
  /** Viewport coordinates (0 … LIVE_VIEW_WIDTH, 0 … LIVE_VIEW_HEIGHT) of pointer inputs. */
  x?: number;
  y?: number;
  /** Wheel distance of a scroll, in pixels. */
  deltaX?: number;
  deltaY?: number;
  key?: LiveViewKey;
  text?: string;
}

export type LiveViewSite = (typeof SEARCH_SITES)[number];

/** POST /api/admin/crawler/live-view: the view a worker opened, to follow at its events address. */
export interface LiveViewOpened {
  viewId: string;
  site: LiveViewSite;
}

/** The session a closed view stored: how many cookies and origins' storage it holds. */
export interface LiveViewClosed {
  site: LiveViewSite;
  stored: boolean;
  cookies: number;
  origins: number;
}

/** The messages of a view's event stream (server-sent events, each message's data as JSON). */
export type LiveViewEvent =
  | { type: 'frame'; jpeg: string; width: number; height: number; url: string }
  | { type: 'closed'; site: LiveViewSite; stored: boolean; cookies: number; origins: number; reason: 'operator' | 'idle' | 'page_closed' | 'failed'; message?: string };

export const LIVE_VIEW_PATHS = {
  open: '/api/admin/crawler/live-view',
  events: (viewId: string) => `/api/admin/crawler/live-view/${viewId}/events`,
  input: (viewId: string) => `/api/admin/crawler/live-view/${viewId}/input`,
  close: (viewId: string) => `/api/admin/crawler/live-view/${viewId}/close`,
} as const;
