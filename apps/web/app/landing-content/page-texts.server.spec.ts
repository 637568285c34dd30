import { defaultLandingContent, LANDING_CONTENT_PATHS } from '@aipm/contracts';

import { aPublicSite } from '../../test/support/public-site';

import { pageTexts } from './page-texts.server';

describe(pageTexts.name, () => {
  const content = defaultLandingContent('2027-03-15', '2026-11-29');
  const site = aPublicSite({ cohort: 'mid March 2027', feeMin: '19,800', feeMax: '29,800' });

  it('fills the cohort and the fees from the site settings, so the browser gets ready text', () => {
    const texts = pageTexts(content, 'en', site, new Date('2026-11-29T04:00:00Z'));
    expect(texts.hero.badge).toBe('Next cohort: mid March 2027 · Changsha');
    expect(texts.faq.items[1]!.answer).toMatch(/^The next cohort starts in mid March 2027 in Changsha/);
    expect(texts.pricing.plans.standard.price).toBe('From ¥19,800');
    expect(JSON.stringify(texts)).not.toMatch(/\{\{/);
  });

  it("decides the promotions by the day in China: an option ending 8 Feb is offered until midnight in Beijing", () => {
    const earlyBird = (now: string) => pageTexts(content, 'zh', site, new Date(now)).pricing.promotions[0]!.options.map((option) => option.text);
    expect(earlyBird('2027-02-08T15:59:00Z')).toEqual(['2月8日前报名立减 1,500 元', '2月13日前报名立减 800 元']);
    expect(earlyBird('2027-02-08T16:00:00Z')).toEqual(['2月13日前报名立减 800 元']);
  });

  it('points images at the public route, and a preview at the administrator’s', () => {
    const withPhoto = { ...content, instructors: { ...content.instructors, core: content.instructors.core.map((person, index) => (index === 0 ? { ...person, photo: { file: `${'f'.repeat(64)}.png`, alt: { zh: '王老师', en: 'Ms Wang' } } } : person)) } };
    expect(pageTexts(withPhoto, 'en', site).instructors.core[0]!.photo).toEqual({ src: `/api/landing-content/images/${'f'.repeat(64)}.png`, alt: 'Ms Wang' });
    expect(pageTexts(withPhoto, 'zh', site, new Date(), LANDING_CONTENT_PATHS.draftImage).instructors.core[0]!.photo).toEqual({ src: `/api/admin/landing-content/images/${'f'.repeat(64)}.png`, alt: '王老师' });
  });

  it('decides the partner wall on the server: the uploaded logos, or the built-in 18 with their alt text', () => {
    const builtIn = pageTexts(content, 'zh', site).partners!;
    expect(builtIn).toHaveLength(18);
    expect(builtIn[0]).toEqual({ src: '/images/partners/xinghe-cloud.svg', alt: '合作企业 星河云 的标志' });
    const uploaded = pageTexts({ ...content, partners: [{ file: `${'c'.repeat(64)}.webp`, alt: { zh: '湘江数据', en: 'Xiangjiang Data' } }] }, 'en', site).partners;
    expect(uploaded).toEqual([{ src: `/api/landing-content/images/${'c'.repeat(64)}.webp`, alt: 'Xiangjiang Data' }]);
  });
});
