import { Slide, type SlideProps, useScrollTrigger } from '@mui/material';
import { useEffect, useState } from 'react';

/**
 * The header's container: slides it away as the page scrolls down and back on the way up, as react-admin's
 * HideOnScroll does, but starts watching the scroll position in the frame after the header's first. HideOnScroll read
 * it as the header mounted, which made the browser lay the whole new page out inside the header's first task, the
 * longest of a signed-in page's opening (ADR 084). A page opens scrolled to the top, where the header shows anyway.
 */
export function HidesOnScroll({ children, className }: Pick<SlideProps, 'children' | 'className'>) {
  const [target, setTarget] = useState<Window | null>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setTarget(window));
    return () => cancelAnimationFrame(frame);
  }, []);
  const trigger = useScrollTrigger({ target });
  return (
    <Slide appear={false} direction="down" in={!trigger} className={className}>
      {children}
    </Slide>
  );
}
