import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { type ShouldRevalidateFunction, useLoaderData } from '@remix-run/react';
import { lazy, Suspense } from 'react';

import { JobsSection } from '~/components/jobs/JobsSection';
import { About } from '~/components/landing/About';
import { Courses } from '~/components/landing/Courses';
import { Faq } from '~/components/landing/Faq';
import { Features } from '~/components/landing/Features';
import { Goals } from '~/components/landing/Goals';
import { Hero } from '~/components/landing/Hero';
import { Instructors } from '~/components/landing/Instructors';
import { ContactSection, RegistrationSection } from '~/components/landing/LeadForms';
import { Pricing } from '~/components/landing/Pricing';
import { Results, Services } from '~/components/landing/Services';
import { SiteFooter } from '~/components/landing/SiteFooter';
import { SiteHeader } from '~/components/landing/SiteHeader';
import { useInPageAnchors } from '~/hooks/useInPageAnchors';
import { publicSiteConfig, readSiteConfig } from '~/config/site-config.server';
import { requestTranslator } from '~/i18n/translations.server';
import { useTranslation } from '~/i18n/TranslationProvider';
import { pageMeta } from '~/i18n/page-meta';
import { loadInitialJobs } from '~/jobs/jobs.server';
import { readLandingContent } from '~/landing-content/landing-content.server';
import { LandingContentProvider } from '~/landing-content/LandingContentProvider';
import { pageTexts } from '~/landing-content/page-texts.server';
import { firstTouchSetCookie } from '~/leads/first-touch.server';
import { INTENT_FIELD } from '~/leads/lead-form';
import { answerStatus, submitLeadForm } from '~/leads/lead-submission.server';
import { buildPageMeta } from '~/seo/page-meta.server';
import { siteOrigin } from '~/seo/site-url.server';
import { jsonLdScript, landingStructuredData } from '~/seo/structured-data';
import { measuredHeroStats } from '~/site-settings/hero-figures.server';
import { readSiteSettings } from '~/site-settings/site-settings.server';
import { wechatShareConfig } from '~/wechat/share-config.server';

/** WeChat-only, so its own chunk: other browsers never download the panel (ADR 017, docs/product/public-site.md#assets-and-performance). */
const WechatSharePanel = lazy(() => import('~/components/wechat/WechatSharePanel'));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [translator, initialJobs, settings, live] = await Promise.all([requestTranslator(request), loadInitialJobs(context), readSiteSettings(context), readLandingContent(context)]);
  const { t, language } = translator;
  // The site settings arrive rendered into the HTML, in the page's language (ADR 025).
  const site = publicSiteConfig(readSiteConfig(), settings, language, new Date(), t('site.cohortToBeAnnounced'));
  // The published content in the page's language, as offered today (ADR 074): an expired promotion is gone.
  const content = pageTexts(live.content, language, site);
  const meta = buildPageMeta(request, translator, t('seo.title'), t('seo.description'));
  const structuredData = jsonLdScript(
    landingStructuredData({
      origin: siteOrigin(request),
      name: t('site.name'),
      description: t('seo.description'),
      company: t('site.company'),
      courseName: t('seo.courseName'),
      phone: site.salesPhone,
      address: site.address,
      fees: { low: settings.feeMin, high: settings.feeMax },
      jobs: initialJobs.jobs ?? [],
      language,
    }),
  );
  // Null outside WeChat: the page then only says to open it in WeChat to share.
  const wechatShare = await wechatShareConfig(request, context, meta);
  const page = { meta, site, content, heroStats: measuredHeroStats(settings.heroFigures, translator), initialJobs, structuredData, wechatShare };
  // First touch (utm_*, referrer, landing path) for the lead forms, kept from the first landing visit on.
  const firstTouch = firstTouchSetCookie(request, siteOrigin(request));
  return firstTouch ? data(page, { headers: { 'Set-Cookie': firstTouch } }) : page;
}

/** The registration and contact forms (`intent` tells them apart), sent by a fetcher or, without JavaScript, by the browser. */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await submitLeadForm(request, {
    apiUrl: context.apiUrl,
    requestId: context.requestId,
    remoteAddress: context.remoteAddress,
    translator: await requestTranslator(request),
  });
  return data(submission.result, { status: answerStatus(request, submission) });
}

/** A form submission changes nothing the page shows (jobs, settings, content): no reload of the landing data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => (formData?.has(INTENT_FIELD) ? false : defaultShouldRevalidate);

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.meta);

/** The landing page: sections in the order of docs/product/public-site.md#section-order-and-anchors, each with its scroll anchor. */
export default function Landing() {
  const { t } = useTranslation();
  const { site, content, heroStats, initialJobs, structuredData, wechatShare } = useLoaderData<typeof loader>();
  useInPageAnchors();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('site.skipToContent')}
      </a>
      <SiteHeader />
      <LandingContentProvider content={content}>
        <main id="main">
          <Hero measured={heroStats} />
          <About />
          <Features />
          <Goals />
          <Instructors />
          <Courses />
          <Services />
          <Results />
          <Faq />
          <Pricing site={site} />
          <RegistrationSection />
          <ContactSection site={site} />
          <JobsSection initial={initialJobs} />
        </main>
      </LandingContentProvider>
      <SiteFooter site={site} inWechat={wechatShare !== null} />
      {wechatShare ? (
        <Suspense fallback={null}>
          <WechatSharePanel share={wechatShare} />
        </Suspense>
      ) : null}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: structuredData }} />
    </>
  );
}
