import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router-dom';

import type { AdminI18nProvider } from '../i18n/i18nProvider';
import { isFirstScreen } from './firstScreens';

/*
 * The wording of the sections no first screen shows (laterSectionMessages.ts) is a chunk of its own (ADR 079): react-admin's
 * chunk, which every signed-in page waits for, carries only what the layout, the dashboard and the lead lists say.
 * Every other screen renders once that chunk has reached the i18n provider: the layout holds the screen back
 * (LaterWordingGate), and the first screens' own parts that use it load it with their chunk (withLaterWording).
 */

let provider: AdminI18nProvider | undefined;
let arrival: Promise<void> | undefined;
let arrived = false;
let failure: Error | undefined;

/** AdminApp.tsx hands over its provider; without one (the tests give every section's wording at once) all is there. */
export function setLaterWordingProvider(target: AdminI18nProvider): void {
  provider = target;
}

/** Fetches the later wording once and adds it to the provider; a failed fetch is tried again on the next call. */
export function loadLaterWording(): Promise<void> {
  const target = provider;
  if (!target || arrived) return Promise.resolve();
  arrival ??= import('../laterSectionMessages')
    .then((module) => target.addSections(module.LATER_SECTION_MESSAGES))
    .then(
      () => {
        arrived = true;
        failure = undefined;
      },
      (error: unknown) => {
        arrival = undefined;
        failure = error instanceof Error ? error : new Error(String(error));
        throw failure;
      },
    );
  return arrival;
}

/** A lazy chunk's loader that also waits for the later wording: for first screens' parts that use it. */
export function withLaterWording<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadLaterWording()]).then(([module]) => module);
}

/**
 * Around the layout's screen: a first screen renders at once, any other once the later wording is there (meanwhile
 * react-admin's loading screen, from the layout's Suspense). On a first screen the wording is fetched at the
 * administrator's first touch, click or key (the way to another screen), not while the first screen still loads.
 */
export function LaterWordingGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const first = isFirstScreen(pathname);
  useEffect(() => {
    if (!first || arrived || !provider) return undefined;
    const start = () => void loadLaterWording().catch(() => undefined);
    const options = { once: true, capture: true } as const;
    document.addEventListener('pointerdown', start, options);
    document.addEventListener('keydown', start, options);
    return () => {
      document.removeEventListener('pointerdown', start, options);
      document.removeEventListener('keydown', start, options);
    };
  }, [first]);
  if (first || arrived || !provider) return children;
  // A failed fetch shows as the layout's error page; opening a screen again tries again.
  if (failure && !arrival) {
    const error = failure;
    failure = undefined;
    throw error;
  }
  throw loadLaterWording().catch(() => undefined);
}
