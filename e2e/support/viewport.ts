/*
 * Which widths run a journey (playwright.config.ts): untagged journeys run in both projects, at 1280 px and at
 * 375 px; a tagged one runs in one project only, and the other never starts it (no page, no hooks).
 */

/**
 * Runs at 1280 px only: a journey whose steps do not depend on the width (server rules, data, what a page says,
 * the order of a load), or that checks the desktop layout itself. Its phone layout has a journey of its own.
 */
export const DESKTOP_ONLY = { tag: '@desktop' } as const;

/** Runs at 375 px only: a check of the phone layout (what fits the screen, the menu that only phones show). */
export const PHONE_ONLY = { tag: '@phone' } as const;
