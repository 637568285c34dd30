import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';

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
import { i18nServer } from '~/i18n/i18next.server';
import { pageMeta } from '~/i18n/page-meta';
import { loadInitialJobs } from '~/jobs/jobs.server';
import { buildPageMeta } from '~/seo/page-meta.server';
import { siteOrigin } from '~/seo/site-url.server';
import { jsonLdScript, landingStructuredData } from '~/seo/structured-data';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [t, locale, initialJobs] = await Promise.all([i18nServer.getFixedT(request), i18nServer.getLocale(request), loadInitialJobs(context)]);
  const meta = await buildPageMeta(request, t('seo.title'), t('seo.description'));
  const structuredData = jsonLdScript(
    landingStructuredData({
      origin: siteOrigin(request),
      name: t('site.name'),
      description: t('seo.description'),
      company: t('site.company'),
      courseName: t('seo.courseName'),
      phone: t('contact.phone'),
      address: t('contact.address'),
      jobs: initialJobs.jobs ?? [],
      language: locale,
    }),
  );
  return { meta, site: publicSiteConfig(readSiteConfig()), initialJobs, structuredData };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.meta);

/** The landing page: sections in the spec's order (§2), each with its scroll anchor. */
export default function Landing() {
  const { t } = useTranslation();
  const { site, initialJobs, structuredData } = useLoaderData<typeof loader>();
  useInPageAnchors();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('site.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main">
        <Hero />
        <About />
        <Features />
        <Goals />
        <Instructors />
        <Courses />
        <Services />
        <Results />
        <Faq />
        <Pricing />
        <RegistrationSection />
        <ContactSection wechatId={site.wechatId} />
        <JobsSection initial={initialJobs} />
      </main>
      <SiteFooter site={site} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: structuredData }} />
    </>
  );
}
