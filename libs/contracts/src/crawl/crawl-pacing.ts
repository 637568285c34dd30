import type { CrawlFailureReason } from './crawl-failure';

/*
 * Adaptive pacing per site (docs/decisions/064-adaptive-pacing.md, docs/product/crawler.md#pacing-and-retries):
 * a site that pushes back is crawled more slowly, step by step, and sped up again step by step as it answers.
 * The steps, the signals and the thresholds live here, once, for the worker that moves them and the API and
 * back office that show them.
 */

/** The steps, slowest last: the configured request delay times `factor`; the last step is a pause. */
export const PACE_STEPS = [
  { step: 'normal', factor: 1 },
  { step: 'slow_x2', factor: 2 },
  { step: 'slow_x4', factor: 4 },
  { step: 'paused', factor: null },
] as const;
export type PaceStep = (typeof PACE_STEPS)[number]['step'];
/** Index of the pause in PACE_STEPS. */
export const PACE_PAUSED_LEVEL = PACE_STEPS.length - 1;
/** The largest factor of a step that still crawls: cooldowns in Redis live this many request delays at most. */
export const PACE_MAX_FACTOR = 4;
/** How long a paused site stays paused; then it crawls again one step below (slow ×4). */
export const PACE_PAUSE_MS = 3_600_000;
/**
 * Consecutive answered pages that bring a site one step back. Five: at slow ×4 and the default 3 s delay that is a
 * calm minute before speeding up; a site that refuses one page in ten or fewer swings between normal and slow ×2
 * instead of ending paused, while one that refuses one page in five or more climbs to the pause.
 */
export const PACE_SUCCESSES_TO_STEP_DOWN = 5;

/**
 * What steps a site up: the site limiting our rate (HTTP 429), forbidding us (HTTP 403), or a page read as a
 * block or a captcha (ADR 060). A login wall is not one: it says the cookie is invalid, which no pace mends, and
 * counting it would keep a site slow after the operator replaced the cookie (a 403 login page still counts, as 403).
 */
export const PACE_SIGNALS = ['http_429', 'http_403', 'blocked', 'captcha'] as const;
export type PaceSignal = (typeof PACE_SIGNALS)[number];

/** The risk signal a failed page carries, if any. */
export function paceSignalOf(reason: CrawlFailureReason, status?: number): PaceSignal | null {
  if (status === 429) return 'http_429';
  if (reason === 'captcha' || reason === 'blocked') return reason;
  if (status === 403) return 'http_403';
  return null;
}

/** A site's pace as kept in Redis (times in ms of Redis' clock). */
export interface SitePaceState {
  /** Index in PACE_STEPS. */
  level: number;
  /** Answered pages in a row since the last change. */
  successes: number;
  /** The signal of the last step up, and when it came. */
  signal: PaceSignal | null;
  signalAt: number | null;
  /** When the site entered its current step. */
  since: number | null;
  /** End of the pause, while paused. */
  pausedUntil: number | null;
}

export const NORMAL_PACE: SitePaceState = { level: 0, successes: 0, signal: null, signalAt: null, since: null, pausedUntil: null };

/** A pause that has run out is slow ×4 from its end, whether or not a page has been loaded since. */
export function settlePace(state: SitePaceState, now: number): SitePaceState {
  if (state.level !== PACE_PAUSED_LEVEL || state.pausedUntil === null || now < state.pausedUntil) return state;
  return { ...state, level: PACE_PAUSED_LEVEL - 1, successes: 0, since: state.pausedUntil, pausedUntil: null };
}

/** A risk signal: one step up (the pause is the top), the signal recorded, the count of successes reset. */
export function paceAfterRisk(state: SitePaceState, signal: PaceSignal, now: number): SitePaceState {
  const current = settlePace(state, now);
  const level = Math.min(current.level + 1, PACE_PAUSED_LEVEL);
  return { level, successes: 0, signal, signalAt: now, since: now, pausedUntil: level === PACE_PAUSED_LEVEL ? now + PACE_PAUSE_MS : null };
}

/** An answered page: after PACE_SUCCESSES_TO_STEP_DOWN of them in a row, one step down. */
export function paceAfterSuccess(state: SitePaceState, now: number): SitePaceState {
  const current = settlePace(state, now);
  if (current.level === 0) return current.successes === 0 ? current : { ...current, successes: 0 };
  const successes = current.successes + 1;
  if (successes < PACE_SUCCESSES_TO_STEP_DOWN) return { ...current, successes };
  return { ...current, level: current.level - 1, successes: 0, since: now, pausedUntil: null };
}

/** The factor of a level; null while paused. */
export function paceFactor(level: number): number | null {
  return PACE_STEPS[Math.min(Math.max(0, level), PACE_PAUSED_LEVEL)].factor;
}

/** GET /api/admin/crawler/site-health: a site's pace as the back office shows it. */
export interface SitePaceView {
  step: PaceStep;
  /** Request delay × this; null while paused. */
  factor: number | null;
  /** The configured request delay times the factor (ms); null while paused. */
  effectiveDelayMs: number | null;
  signal: PaceSignal | null;
  signalAt: string | null;
  /** Since when the site is at this step; null for a site that never left normal. */
  since: string | null;
  pausedUntil: string | null;
  /** Answered pages in a row counted towards the next step down. */
  successes: number;
  successesToStepDown: number;
}

export function paceView(stored: SitePaceState, requestDelayMs: number, now: number): SitePaceView {
  const state = settlePace(stored, now);
  const level = Math.min(Math.max(0, state.level), PACE_PAUSED_LEVEL);
  const factor = paceFactor(level);
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    step: PACE_STEPS[level].step,
    factor,
    effectiveDelayMs: factor === null ? null : requestDelayMs * factor,
    signal: state.signal,
    signalAt: iso(state.signalAt),
    since: iso(state.since),
    pausedUntil: iso(state.pausedUntil),
    successes: state.successes,
    successesToStepDown: PACE_SUCCESSES_TO_STEP_DOWN,
  };
}

/** The Redis hash of a site's pace, field by field (strings, as Redis gives them back). */
export function readPaceHash(hash: Record<string, string>): SitePaceState {
  const number = (value: string | undefined) => (value === undefined || value === '' ? null : Number(value));
  const signal = hash['signal'];
  return {
    level: Math.min(Math.max(0, number(hash['level']) ?? 0), PACE_PAUSED_LEVEL),
    successes: number(hash['successes']) ?? 0,
    signal: (PACE_SIGNALS as readonly string[]).includes(signal ?? '') ? (signal as PaceSignal) : null,
    signalAt: number(hash['signalAt']),
    since: number(hash['since']),
    pausedUntil: number(hash['pausedUntil']),
  };
}

export function writePaceHash(state: SitePaceState): Record<string, string> {
  const text = (value: number | string | null) => (value === null ? '' : String(value));
  return {
    level: text(state.level),
    successes: text(state.successes),
    signal: text(state.signal),
    signalAt: text(state.signalAt),
    since: text(state.since),
    pausedUntil: text(state.pausedUntil),
  };
}

/** Redis key of a site's pace, beside its slot (`<prefix>:crawl:site-slot:<site>`). */
export const PACE_KEY_SUFFIX = 'crawl:site-pace';
