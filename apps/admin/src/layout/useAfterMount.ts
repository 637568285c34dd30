import { startTransition, useEffect, useState } from 'react';

/**
 * False on a component's first render, true once React has rendered it again in a transition after that first
 * commit (ADR 079). A transition's render is sliced into tasks of a few milliseconds, where an update from a query's
 * answer renders in one synchronous task, however large: what renders only once this is true leaves that task.
 */
export function useAfterMount(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    startTransition(() => setMounted(true));
  }, []);
  return mounted;
}
