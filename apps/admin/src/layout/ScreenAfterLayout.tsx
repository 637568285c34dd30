import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { Loading, useGetIdentity } from 'react-admin';
import { FirstScreenChunks } from '../sections/firstScreens';
import { useAfterMount } from './useAfterMount';

/**
 * Around the layout's screen: the header paints first, and the screen follows in a transition, which React renders
 * in slices of a few milliseconds (ADR 079). Rendered with the header, the screen made the session check's answer
 * one long task. The screen, and with it the first screen's chunks, also waits for the identity the header's
 * welcome line shows, the page's largest text: on a phone's connection the chunks would otherwise share the line
 * with what that paint needs (ADR 082). Screens opened later render as before; a screen whose chunk is still on its
 * way shows react-admin's loading screen, as the layout's own Suspense did.
 */
export function ScreenAfterLayout({ children }: { children: ReactNode }) {
  const { isPending } = useGetIdentity();
  if (!useAfterMount(!isPending)) return null;
  return (
    <>
      <FirstScreenChunks />
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </>
  );
}
