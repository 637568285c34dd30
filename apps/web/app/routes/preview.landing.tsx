import { LANDING_CONTENT_PATHS, type LandingDraft } from '@aipm/contracts';
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';

import { publicSiteConfig, readSiteConfig } from '~/config/site-config.server';
import { requestTranslator } from '~/i18n/translations.server';
import { loadInitialJobs } from '~/jobs/jobs.server';
import { pageTexts } from '~/landing-content/page-texts.server';
import { buildPageMeta } from '~/seo/page-meta.server';
import { measuredHeroStats } from '~/site-settings/hero-figures.server';
import { readSiteSettings } from '~/site-settings/site-settings.server';

import Landing from './_index';

/** The administrator's session cookie: the only one passed on to the API (ADR 074). */
const ADMIN_SESSION_COOKIE = 'aipm.sid';
const PRIVATE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' };

/**
 * The landing page as the saved draft would make it (docs/product/back-office.md#site-content), for the administrator
 * only: the draft is read from the API with the visitor's administrator session, and anyone else gets a 404 (the page
 * does not say it exists). Same sections, settings and jobs as `/`; never cached (the page cache holds `/` alone).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = (request.headers.get('Cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${ADMIN_SESSION_COOKIE}=`));
  const answer = session
    ? await fetch(`${context.apiUrl}${LANDING_CONTENT_PATHS.draft}`, { headers: { Accept: 'application/json', Cookie: session, 'X-Request-Id': context.requestId } })
    : null;
  if (!answer?.ok) throw new Response(null, { status: 404, headers: PRIVATE });
  const draft = ((await answer.json()) as { data: LandingDraft }).data;

  const [translator, initialJobs, settings] = await Promise.all([requestTranslator(request), loadInitialJobs(context), readSiteSettings(context)]);
  const { t, language } = translator;
  const site = publicSiteConfig(readSiteConfig(), settings, language, new Date(), t('site.cohortToBeAnnounced'));
  const meta = buildPageMeta(request, translator, t('seo.title'), t('seo.description'));
  const page = { meta, site, content: pageTexts(draft.content, language, site, new Date(), LANDING_CONTENT_PATHS.draftImage), heroStats: measuredHeroStats(settings.heroFigures, translator), initialJobs, structuredData: '{}', wechatShare: null };
  return data(page, { headers: PRIVATE });
}

/** The loader's `no-store` and `noindex`, on the 404 too (a thrown answer's headers are the error's). */
export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.meta.title ?? '' }, { name: 'robots', content: 'noindex' }];

export default Landing;
