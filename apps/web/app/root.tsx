import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
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
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeLanguage } from 'remix-i18next/react';

import { NotFound } from '~/components/NotFound';
import { DEFAULT_LANGUAGE, DEFAULT_NAMESPACE } from '~/i18n/config';
import { i18nServer } from '~/i18n/i18next.server';
import globalStyles from '~/styles/global.css?url';

export const handle = { i18n: DEFAULT_NAMESPACE };

export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'stylesheet', href: globalStyles },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return { locale: await i18nServer.getLocale(request) };
}

export function Layout({ children }: { children: ReactNode }) {
  // Absent only when the root loader itself failed: the error page then speaks the default language.
  const locale = useRouteLoaderData<typeof loader>('root')?.locale ?? DEFAULT_LANGUAGE;
  const { i18n } = useTranslation();
  useChangeLanguage(locale);

  return (
    <html lang={locale} dir={i18n.dir(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <main className="page page--centered">
      <h1>{t('error.title')}</h1>
      <p>{t('error.description')}</p>
      <a href="/">{t('nav.home')}</a>
    </main>
  );
}
