import { useNavigate } from '@remix-run/react';
import { useEffect } from 'react';

/**
 * In-page links (`href="#courses"`) go through the Remix router as hash-only navigations: each gets
 * its own history key, so <ScrollRestoration> scrolls to the anchor (smoothly, via CSS) instead of
 * restoring the position saved for an earlier plain hash change, which all share one key. Without
 * JavaScript the browser follows the anchors itself.
 */
export function useInPageAnchors() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      const hash = link?.getAttribute('href');
      if (!hash || !hash.startsWith('#') || hash.length < 2 || !document.getElementById(hash.slice(1))) return;
      event.preventDefault();
      navigate(hash);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}
