import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders a dialog (or a menu) from the first time it opens on, and keeps it rendered after. The dialog can then be a lazy
 * chunk that a screen fetches on that first opening rather than with its first paint (ADR 083), and still keep
 * what was typed into it when it closes and opens again, and its closing transition. Until the chunk has
 * arrived, nothing shows.
 */
export function MountedOnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  // Set while rendering, React's pattern for state that follows a prop: the dialog renders in this very pass.
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
