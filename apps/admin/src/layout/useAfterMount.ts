import { startTransition, useEffect, useState } from 'react';

/**
 * False on a component's first render, and for as long as `ready` is false; true once React has rendered it again in
 * a transition after a commit with `ready` (ADR 079). A transition's render is sliced into tasks of a few
 * milliseconds, where an update from a query's answer renders in one synchronous task, however large: what renders
 * only once this is true leaves that task.
 */
export function useAfterMount(ready = true): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (ready) startTransition(() => setMounted(true));
  }, [ready]);
  return mounted;
}
