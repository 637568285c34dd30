/*
 * How the server holds back a tag that would download the page's JavaScript (defer-scripts.server.ts), and how
 * the page releases it once it has painted (loadScriptsAfterFirstPaint, written into the document by
 * <ScriptsAfterFirstPaint />). ADR 035.
 */

/**
 * On a `<link>`: the `rel` to set after the first paint (`modulepreload`, `preload`). On a `<script>` of
 * INERT_SCRIPT_TYPE: the page's module script.
 */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';
/** A type no browser runs: the module script waits under it until the page has painted. */
export const INERT_SCRIPT_TYPE = 'text/x-after-paint';

/**
 * Runs in the page as an inline script, before anything is downloaded for hydration
 * (docs/product/public-site.md#assets-and-performance). The first frame (the hero's heading: the largest paint)
 * needs only the document and its inline stylesheet; the scripts and the translations, fetched alongside it,
 * finished before that frame and so shared its bandwidth on a slow connection (Lighthouse's simulated mobile LCP:
 * 1.87 s median with them, 0.92 s once they wait; ADR 035). So their downloads start in the task after the first
 * frame: `requestAnimationFrame` runs before that frame paints, the timeout after it. A hidden tab paints nothing,
 * hence the second timeout.
 *
 * Serialised into the document with `Function.prototype.toString`: it must not refer to anything outside itself
 * (hence the literal selectors: `after-paint.spec.ts` runs it on the server's rewrite). It
 * swaps each tag in place, so the document keeps the shape React hydrates.
 */
export function loadScriptsAfterFirstPaint(): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    document.querySelectorAll<HTMLLinkElement>('link[data-after-paint]').forEach((link) => {
      link.rel = link.getAttribute('data-after-paint') ?? '';
    });
    document.querySelectorAll<HTMLScriptElement>('script[data-after-paint]').forEach((inert) => {
      const script = document.createElement('script');
      script.type = 'module';
      script.async = true;
      // The page's Content-Security-Policy admits inline scripts by this nonce (the browser hides the attribute).
      script.nonce = inert.nonce;
      script.textContent = inert.textContent;
      inert.replaceWith(script);
    });
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1_000);
}
