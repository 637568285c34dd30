import { addDays } from '../cohorts/cohort';
import { defaultLandingContent } from './landing-content.defaults';
import { FEATURE_ICONS, landingContentFailures, landingImageFiles, landingTexts, upcomingPromotionEnds } from './landing-content';

describe('landing content', () => {
  const today = '2026-11-29';

  it('takes the spec’s content as its defaults, and they pass its own rules', () => {
    const content = defaultLandingContent('2027-03-15', today);
    expect(landingContentFailures(content)).toEqual([]);
    expect(content.courses.modules.map((module) => module.days)).toEqual([2, 6, 7, 4, 3, 9, 4]);
    expect(content.instructors.core).toHaveLength(3);
    expect(content.instructors.more).toHaveLength(7);
    expect(content.faq.items).toHaveLength(4);
    expect(content.features.cards.map((card) => card.icon)).toEqual(FEATURE_ICONS);
    // The salary guarantee states its figures (the spec's: 200k, 100 %, 50 % above target).
    expect(content.goals.guarantee.target.zh).toContain('20 万');
  });

  it('sets the early bird from the next cohort and names no past deadline', () => {
    const ahead = defaultLandingContent('2027-03-15', today);
    expect(ahead.pricing.promotions[0]!.options.map((option) => option.endsOn)).toEqual(['2027-02-08', '2027-02-13']);
    // 34 days away: the 35-day option has passed, the 30-day one is still ahead.
    expect(defaultLandingContent(addDays(today, 34), today).pricing.promotions[0]!.options.map((option) => option.endsOn)).toEqual([addDays(today, 4)]);
    // No next cohort, or one too close: no early bird at all; group and referral have no end.
    for (const content of [defaultLandingContent(null, today), defaultLandingContent(addDays(today, 10), today)]) {
      expect(content.pricing.promotions.map((promotion) => promotion.title.en)).toEqual(['Group', 'Alumni referral']);
      expect(upcomingPromotionEnds(content, today)).toEqual([]);
    }
  });

  it('shows a promotion option up to and including its end date, with the date written in the page’s language', () => {
    const content = defaultLandingContent('2027-03-15', today);
    expect(landingTexts(content, 'zh', '2027-02-08').pricing.promotions[0]).toEqual({
      title: '早鸟优惠',
      options: [
        { text: '2月8日前报名立减 1,500 元', endsOn: '2027-02-08' },
        { text: '2月13日前报名立减 800 元', endsOn: '2027-02-13' },
      ],
    });
    expect(landingTexts(content, 'en', '2027-02-09').pricing.promotions[0]).toEqual({ title: 'Early bird', options: [{ text: '800 RMB off when you register by 13 Feb', endsOn: '2027-02-13' }] });
    // Past every option of a promotion, the promotion goes.
    expect(landingTexts(content, 'en', '2027-02-14').pricing.promotions.map((promotion) => promotion.title)).toEqual(['Group', 'Alumni referral']);
    expect(upcomingPromotionEnds(content, '2027-02-09')).toEqual(['2027-02-13']);
  });

  it('projects one language shaped like the locale file, with module numbers', () => {
    const texts = landingTexts(defaultLandingContent(null, today), 'en', today);
    expect(texts.faq.items[0]!.question).toBe('Can I join without a technical background?');
    expect(texts.courses.modules.map((module) => module.id)).toEqual(['01', '02', '03', '04', '05', '06', '07']);
    expect(texts.hero.stats[0]).toEqual({ id: 'students', value: '1000+', label: 'Students' });
  });

  it('names each failing field with its rule and limit', () => {
    const content = defaultLandingContent(null, today);
    content.faq.items[1]!.answer.en = 'x'.repeat(401);
    content.faq.items[2]!.question.zh = '  ';
    content.faq.items.pop();
    content.pricing.promotions[0]!.options[0]!.endsOn = '2026-02-30';
    (content.hero as Record<string, unknown>).extra = 'x';
    expect(landingContentFailures(content)).toEqual([
      { path: 'hero', code: 'LANDING_INVALID_VALUE', message: '内容格式不正确', rule: 'invalid' },
      { path: 'pricing.promotions.0.options.0.endsOn', code: 'LANDING_INVALID_VALUE', message: '请输入有效的日期（YYYY-MM-DD）', rule: 'date' },
      { path: 'faq.items', code: 'LANDING_LIST_SIZE', message: '需要正好4项', rule: 'exact_count', min: 4, max: 4 },
      { path: 'faq.items.1.answer.en', code: 'LANDING_TEXT_TOO_LONG', message: '不能超过400个字符', rule: 'too_long', max: 400 },
      { path: 'faq.items.2.question.zh', code: 'LANDING_TEXT_REQUIRED', message: '不能为空', rule: 'required' },
    ]);
    // Characters, not UTF-16 units: 400 emoji-free CJK characters fit.
    const fits = defaultLandingContent(null, today);
    fits.faq.items[0]!.answer.zh = '字'.repeat(400);
    expect(landingContentFailures(fits)).toEqual([]);
    expect(landingContentFailures(null)).toEqual([{ path: '', code: 'LANDING_INVALID_VALUE', message: '内容格式不正确', rule: 'invalid' }]);
  });

  describe('images', () => {
    const file = (character: string, extension = 'jpg') => `${character.repeat(64)}.${extension}`;
    const alt = { zh: '张老师', en: 'Teacher Zhang' };

    it('takes a content without images (published before they existed), and one naming stored images with alt text', () => {
      const content = defaultLandingContent('2027-03-15', today);
      expect(landingContentFailures(content)).toEqual([]);
      content.instructors.core[0]!.photo = { file: file('a'), alt };
      content.instructors.more[6]!.photo = null;
      content.features.scene = { file: file('b', 'webp'), alt: { zh: '课堂', en: 'A class' } };
      content.partners = Array.from({ length: 18 }, (_, index) => ({ file: file((index % 10).toString(), 'png'), alt: { zh: `合作企业 ${index}`, en: `Partner ${index}` } }));
      expect(landingContentFailures(content)).toEqual([]);
      expect(landingImageFiles(content)).toHaveLength(20);
      expect(landingImageFiles(content).slice(0, 2)).toEqual([file('b', 'webp'), file('a')]);
    });

    it('refuses a name that is no stored image, a missing alt text, and more than four rows of logos', () => {
      const content = defaultLandingContent('2027-03-15', today);
      content.instructors.core[0]!.photo = { file: '../contracts/secret.pdf', alt };
      content.instructors.core[1]!.photo = { file: file('c'), alt: { zh: '', en: 'Li' } };
      content.partners = Array.from({ length: 25 }, () => ({ file: file('d', 'png'), alt }));
      (content.partners as unknown[])[0] = null;
      const failures = landingContentFailures(content).map(({ path, code, rule }) => `${path} ${code} ${rule}`);
      expect(failures).toEqual([
        'instructors.core.0.photo LANDING_INVALID_VALUE image',
        'instructors.core.1.photo.alt.zh LANDING_TEXT_REQUIRED required',
        'partners LANDING_LIST_SIZE count_range',
        'partners.0 LANDING_INVALID_VALUE image',
      ]);
    });

    it('gives the page each image as an address and its alt text in the page’s language', () => {
      const content = defaultLandingContent('2027-03-15', today);
      content.instructors.core[0]!.photo = { file: file('a'), alt };
      content.partners = [{ file: file('e', 'png'), alt: { zh: '星河云', en: 'Xinghe Cloud' } }];
      const texts = landingTexts(content, 'en', today);
      expect(texts.instructors.core[0]!.photo).toEqual({ src: `/api/landing-content/images/${file('a')}`, alt: 'Teacher Zhang' });
      expect(texts.instructors.core[1]!.photo).toBeUndefined();
      expect(landingTexts(content, 'zh', today, (name) => `/preview/${name}`).partners).toEqual([{ src: `/preview/${file('e', 'png')}`, alt: '星河云' }]);
    });
  });
});
