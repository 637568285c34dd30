import { Box } from '@mui/material';
import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';

/**
 * How near counts: 100 px below the screen. A margin as large as half a screen let a dashboard still loading its
 * cards (each a short loading line at first) bring everything below them near.
 */
const NEAR_MARGIN = '0px 0px 100px 0px';

/**
 * Renders its children once their place comes within 100 px of the visible part of the page, and keeps them
 * from then on; until then an empty box of `minHeight` holds their place. What a phone's first screen does not show is
 * then neither fetched nor drawn while the page opens (ADR 084): the dashboard's charts alone were the longest tasks
 * of its opening. `minHeight` is at most the children's own height, so the page's length barely changes when they
 * come. They render in a transition, which React slices into short tasks. A browser without
 * IntersectionObserver renders them at once.
 */
/** A height in px, or one per breakpoint as MUI's `sx` takes it. */
type PlaceHeight = number | { xs: number; sm?: number; md?: number };

export function WhenNearScreen({ minHeight, testId, children }: { minHeight: PlaceHeight; testId: string; children: ReactNode }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  // The place keeps its height once filled: a card still loading inside it must not bring the next place near.
  return (
    <Box ref={place} sx={{ minHeight }} data-testid={testId}>
      {near && children}
    </Box>
  );
}
