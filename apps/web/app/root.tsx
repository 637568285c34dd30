import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';

import { ScriptsAfterFirstPaint } from '~/hydration/scripts-after-paint';
import { DEFAULT_LANGUAGE, isLanguage, languageCookie } from '~/i18n/config';
import { detectLanguage, languageFromQuery } from '~/i18n/language.server';
import { MESSAGES_URLS } from '~/i18n/locale-files';
import { useShowLanguage, useTranslation } from '~/i18n/TranslationProvider';
import { NO_SCRIPT_STYLES } from '~/noscript-styles';
import { useNonce } from '~/security/nonce';
import { alternateUrls, canonicalUrl, siteOrigin } from '~/seo/site-url.server';
import { readSiteSettings } from '~/site-settings/site-settings.server';
import { InlineStyles } from '~/styles/inline-styles';

/**
 * The 404 page of a route that throws one. The catch-all route ($.tsx) answers every unknown path with its own
 * copy, so no landing visitor meets this one: loaded when needed, it stays out of the landing's JavaScript.
 */
const NotFound = lazy(() => import('~/components/NotFound'));

// The stylesheet is inlined by <InlineStyles /> (ADR 032): no render-blocking <link>.
export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [locale, settings] = await Promise.all([detectLanguage(request), readSiteSettings(context)]);
  const origin = siteOrigin(request);
  const { pathname } = new URL(request.url);
  const page = {
    locale,
    origin,
    canonical: canonicalUrl(request),
    alternates: alternateUrls(origin, pathname),
    // What the legal texts quote from the site settings (the landing's pop-ups and the legal pages alike).
    legal: { phone: settings.salesPhone, hours: locale === 'en' ? settings.officeHoursEn : settings.officeHours, retentionMonths: settings.leadRetentionMonths },
  };
  // A language picked through ?lng= (the switcher without JavaScript) is remembered like a JS choice.
  const chosen = languageFromQuery(request.url);
  return chosen && isLanguage(chosen) ? data(page, { headers: { 'Set-Cookie': languageCookie(chosen) } }) : page;
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  const cookie = loaderHeaders.get('Set-Cookie');
  if (cookie) headers.set('Set-Cookie', cookie);
  return headers;
};

export function Layout({ children }: { children: ReactNode }) {
  // Absent only when the root loader itself failed: the error page then speaks the default language.
  const root = useRouteLoaderData<typeof loader>('root');
  const locale = root?.locale ?? DEFAULT_LANGUAGE;
  useShowLanguage(locale);
  const nonce = useNonce();

  return (
    <html lang={locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {root ? <link rel="canonical" href={root.canonical} /> : null}
        {root?.alternates.map(({ hrefLang, href }) => <link key={hrefLang} rel="alternate" hrefLang={hrefLang} href={href} />)}
        <InlineStyles />
        <Links />
        {/* Hydration waits for the page's translations: fetched alongside the scripts (after the first paint), not after them. */}
        <link data-after-paint="preload" href={MESSAGES_URLS[locale]} as="fetch" crossOrigin="anonymous" />
        {/* Without JavaScript every collapsed panel is shown, so the whole page stays readable. */}
        <noscript>
          <style>{NO_SCRIPT_STYLES}</style>
        </noscript>
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <ScriptsAfterFirstPaint />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React owns it: styles and browser tests can tell the server-rendered page
  // from the interactive one.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    );
  }
  return (
    <main className="page page--centered">
      <h1>{t('error.title')}</h1>
      <p>{t('error.description')}</p>
      <a href="/">{t('nav.home')}</a>
    </main>
  );
}
