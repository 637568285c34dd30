import type { AppLoadContext, EntryContext, HandleErrorFunction } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';

import { deferScriptsStream } from '~/hydration/defer-scripts.server';
import { detectLanguage } from '~/i18n/language.server';
import { translatorFor } from '~/i18n/translations.server';
import { TranslationProvider } from '~/i18n/TranslationProvider';
import { NonceProvider } from '~/security/nonce';
import { InlineStylesProvider } from '~/styles/inline-styles';
// The stylesheet as text (Vite's ?inline), written into every document's head (ADR 032).
import siteStyles from '~/styles/global.css?inline';

/** How long deferred data may stream before the render is aborted (single fetch reads this export). */
export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const translator = translatorFor(await detectLanguage(request));

  // Bots and SPA mode get the whole document at once; browsers get the shell as soon as it is ready.
  const waitForAll = isbot(request.headers.get('user-agent')) || remixContext.isSpaMode;
  // The language (and so the HTML) depends on these request headers; the home page's share panel, on the
  // user agent (WeChat's in-app browser).
  responseHeaders.append('Vary', 'Cookie, Accept-Language, User-Agent');

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Cleared once everything has rendered, so finished requests leave no timer behind.
    const abortTimer = setTimeout(() => abort(), streamTimeout + 1_000);
    const send = () => {
      shellRendered = true;
      // The page's JavaScript downloads once the page has painted (hydration/after-paint.ts, ADR 035).
      const body = deferScriptsStream();
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <InlineStylesProvider css={siteStyles}>
          <TranslationProvider initial={translator}>
            <RemixServer context={remixContext} url={request.url} nonce={nonce} />
          </TranslationProvider>
        </InlineStylesProvider>
      </NonceProvider>,
      {
        // React's own inline scripts (streamed Suspense boundaries) carry it too.
        nonce,
        onShellReady() {
          if (!waitForAll) send();
        },
        onAllReady() {
          clearTimeout(abortTimer);
          if (waitForAll) send();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject above and are logged by Remix; log only the later ones.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // A visitor who navigates away aborts the request: not an error worth logging.
  if (!request.signal.aborted) console.error(error);
};

/** The per-visitor answers the front door's page cache needs (ADR 032): read from the build as `entry.module.pageCacheVisitor`. */
export { pageCacheVisitor } from '~/page-cache/visitor.server';
