import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { Loading } from 'react-admin';
import { useAfterMount } from './useAfterMount';

/**
 * Around the layout's screen, on the layout's first mount: the header paints first, and the screen follows in a
 * transition, which React renders in slices of a few milliseconds (ADR 079). Rendered with the header, the screen
 * made the session check's answer one long task. Screens opened later render as before; a screen whose chunk is
 * still on its way shows react-admin's loading screen, as the layout's own Suspense did.
 */
export function ScreenAfterLayout({ children }: { children: ReactNode }) {
  if (!useAfterMount()) return null;
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}
