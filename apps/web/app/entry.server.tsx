import { PassThrough } from 'node:stream';

import type { EntryContext, HandleErrorFunction } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { createInstance } from 'i18next';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';

import { i18nConfig } from '~/i18n/config';
import { i18nServer, serverResources } from '~/i18n/i18next.server';

/** How long deferred data may stream before the render is aborted (single fetch reads this export). */
export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const lng = await i18nServer.getLocale(request);
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    ...i18nConfig,
    lng,
    ns: i18nServer.getRouteNamespaces(remixContext),
    resources: serverResources,
  });

  // Bots and SPA mode get the whole document at once; browsers get the shell as soon as it is ready.
  const waitForAll = isbot(request.headers.get('user-agent')) || remixContext.isSpaMode;
  // The language (and so the HTML) depends on these request headers.
  responseHeaders.append('Vary', 'Cookie, Accept-Language');

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Cleared once everything has rendered, so finished requests leave no timer behind.
    const abortTimer = setTimeout(() => abort(), streamTimeout + 1_000);
    const send = () => {
      shellRendered = true;
      const body = new PassThrough();
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
      <I18nextProvider i18n={i18n}>
        <RemixServer context={remixContext} url={request.url} />
      </I18nextProvider>,
      {
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
