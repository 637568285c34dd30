import { formatShortDate, isCalendarDate } from '../format/date.format';

/*
 * The landing page's content (docs/product/public-site.md#content-edited-in-the-back-office, ADR 074): every block
 * a school changes per term, each text in zh and en side by side. One declaration (LANDING_CONTENT_FIELDS) gives
 * the shape, the counts and the length limits; the API validates a draft with it and the back office's editor
 * draws its fields from it. The page reads one language's projection (landingTexts), shaped like its locale file.
 */

export const LANDING_LANGUAGES = ['zh', 'en'] as const;
export type LandingLanguage = (typeof LANDING_LANGUAGES)[number];

/** A text in both languages of the site. */
export interface Bilingual {
  zh: string;
  en: string;
}

export const HERO_STAT_IDS = ['students', 'courses', 'satisfaction', 'completion'] as const;
export type HeroStatId = (typeof HERO_STAT_IDS)[number];

/** The six feature cards' icons: SVG files under the site's /images/icons/ (no emoji: no font needed). */
export const FEATURE_ICONS = ['theory', 'practice', 'employment', 'mentor', 'network', 'certification'] as const;
export type FeatureIcon = (typeof FEATURE_ICONS)[number];

export const PLAN_IDS = ['standard', 'enterprise'] as const;

export interface LandingPlan {
  name: Bilingual;
  description: Bilingual;
  /** May name {{feeMin}} / {{feeMax}} (the site settings' fee range). */
  price: Bilingual;
  priceSubtext: Bilingual;
  period: Bilingual;
  button: Bilingual;
  features: Bilingual[];
}

export interface PromotionOption {
  /** May name {{date}}: the end date, written in the page's language. */
  text: Bilingual;
  /** The last day (China time, YYYY-MM-DD) the option holds; null: no end. Past it the option is not shown. */
  endsOn: string | null;
}

/**
 * An uploaded image of the content (ADR 076): its stored name is its content hash, so the public address changes
 * whenever the bytes do and can be cached for a year. Alt text in both languages.
 */
export interface LandingImage {
  file: string;
  alt: Bilingual;
}

/** `<sha256 hex>.<ext>`: the name an uploaded landing image is stored and served under. */
export const LANDING_IMAGE_FILE_PATTERN = /^[0-9a-f]{64}\.(jpg|png|webp)$/;

/** What one landing image may be: JPEG, PNG or WebP, at most 1 MB (the page's load, not the store, sets the limit). */
export const LANDING_IMAGE_RULES = { maxBytes: 1024 * 1024, extensions: ['jpg', 'jpeg', 'png', 'webp'] } as const;

/** The partner wall: rows of six, four rows at most (docs/product/public-site.md#training-goals). */
export const PARTNER_LOGOS_PER_ROW = 6;
export const PARTNER_LOGOS_MAX = 24;

export interface LandingContent {
  hero: {
    badge: Bilingual;
    title: Bilingual;
    subtitle: Bilingual;
    stats: Array<{ id: HeroStatId; value: string; label: Bilingual }>;
  };
  about: {
    mission: Bilingual;
    slogan: Bilingual;
    advantages: Array<{ title: Bilingual; text: Bilingual }>;
  };
  features: {
    cards: Array<{ icon: FeatureIcon; title: Bilingual; text: Bilingual }>;
    mode: Bilingual;
    sceneAlt: Bilingual;
    /** The training mode's picture; absent or null: the built-in one (with sceneAlt). */
    scene?: LandingImage | null;
  };
  goals: {
    cards: Array<{ title: Bilingual; text: Bilingual }>;
    positions: Bilingual[];
    /** Figures as the school states them; all three empty: only the note (a sentence) is shown. */
    guarantee: {
      target: Bilingual;
      refund: Bilingual;
      bonus: Bilingual;
      note: Bilingual;
    };
  };
  instructors: {
    core: Array<{
      name: Bilingual;
      title: Bilingual;
      bio: Bilingual;
      experience: Bilingual;
      specialization: Bilingual;
      achievements: Bilingual[];
      /** Absent or null: the initials are shown. */
      photo?: LandingImage | null;
    }>;
    more: Array<{
      name: Bilingual;
      title: Bilingual;
      specialization: Bilingual;
      photo?: LandingImage | null;
    }>;
  };
  courses: {
    modules: Array<{
      title: Bilingual;
      description: Bilingual;
      days: number;
      keyTopics: Bilingual[];
      exercises: Bilingual[];
    }>;
  };
  pricing: {
    plans: { standard: LandingPlan; enterprise: LandingPlan };
    promotions: Array<{ title: Bilingual; options: PromotionOption[] }>;
    note: Bilingual;
  };
  faq: { items: Array<{ question: Bilingual; answer: Bilingual }> };
  contact: { subtitle: Bilingual; materials: Bilingual[] };
  /** Uploaded partner logos, in rows of six; absent or empty: the built-in wall. */
  partners?: LandingImage[];
}

/** A leaf or a branch of the declaration. Texts are Bilingual; `max` counts characters (code points) in each language. */
export type LandingField =
  | { kind: 'text'; max: number; optional?: boolean }
  | { kind: 'plain'; max: number }
  | { kind: 'days'; min: number; max: number }
  | { kind: 'date' }
  | { kind: 'choice'; values: readonly string[] }
  | { kind: 'group'; fields: Readonly<Record<string, LandingField>> }
  | { kind: 'list'; item: LandingField; min: number; max: number; optional?: boolean }
  | { kind: 'image'; optional?: boolean };

const text = (max: number, optional = false): LandingField => ({
  kind: 'text',
  max,
  ...(optional ? { optional } : {}),
});
const group = (fields: Record<string, LandingField>): LandingField => ({
  kind: 'group',
  fields,
});
const list = (item: LandingField, min: number, max: number): LandingField => ({
  kind: 'list',
  item,
  min,
  max,
});

/** An image leaf: optional ones may be absent (contents published before images existed) or null. */
const image = (optional = true): LandingField => ({ kind: 'image', ...(optional ? { optional } : {}) });

/** Length classes: a label, a heading, a sentence, a paragraph. */
const LABEL = 24;
const HEADING = 60;
const SENTENCE = 160;
const PARAGRAPH = 400;

const PLAN = group({
  name: text(LABEL),
  description: text(SENTENCE),
  price: text(LABEL),
  priceSubtext: text(HEADING),
  period: text(LABEL),
  button: text(LABEL),
  features: list(text(HEADING), 1, 8),
});

/**
 * THE declaration. Counts are the spec's where it fixes them (docs/product/constants.md#counts: 4 hero figures,
 * 3 advantages, 6 feature cards, 7 modules, 3 + 7 instructors, 2 plans, 4 FAQ items); lists it leaves open have
 * room for a term's changes.
 */
export const LANDING_CONTENT_FIELDS = group({
  hero: group({
    badge: text(HEADING),
    title: text(HEADING),
    subtitle: text(SENTENCE),
    stats: list(
      group({
        id: { kind: 'choice', values: HERO_STAT_IDS },
        value: { kind: 'plain', max: 10 },
        label: text(LABEL),
      }),
      4,
      4
    ),
  }),
  about: group({
    mission: text(PARAGRAPH),
    slogan: text(SENTENCE),
    advantages: list(group({ title: text(LABEL), text: text(SENTENCE) }), 3, 3),
  }),
  features: group({
    cards: list(
      group({
        icon: { kind: 'choice', values: FEATURE_ICONS },
        title: text(LABEL),
        text: text(SENTENCE),
      }),
      6,
      6
    ),
    mode: text(PARAGRAPH),
    sceneAlt: text(SENTENCE),
    scene: image(),
  }),
  goals: group({
    cards: list(group({ title: text(LABEL), text: text(SENTENCE) }), 1, 6),
    positions: list(text(LABEL), 1, 8),
    guarantee: group({
      target: text(HEADING, true),
      refund: text(HEADING, true),
      bonus: text(HEADING, true),
      note: text(SENTENCE),
    }),
  }),
  instructors: group({
    core: list(
      group({
        name: text(LABEL),
        title: text(HEADING),
        bio: text(SENTENCE),
        experience: text(LABEL),
        specialization: text(HEADING),
        achievements: list(text(HEADING), 0, 3),
        photo: image(),
      }),
      3,
      3
    ),
    more: list(
      group({
        name: text(LABEL),
        title: text(HEADING),
        specialization: text(HEADING),
        photo: image(),
      }),
      7,
      7
    ),
  }),
  courses: group({
    modules: list(
      group({
        title: text(HEADING),
        description: text(SENTENCE),
        days: { kind: 'days', min: 1, max: 35 },
        keyTopics: list(text(HEADING), 1, 8),
        exercises: list(text(HEADING), 1, 8),
      }),
      7,
      7
    ),
  }),
  pricing: group({
    plans: group({ standard: PLAN, enterprise: PLAN }),
    promotions: list(
      group({
        title: text(LABEL),
        options: list(group({ text: text(HEADING), endsOn: { kind: 'date' } }), 1, 4),
      }),
      0,
      6
    ),
    note: text(SENTENCE),
  }),
  faq: group({
    items: list(group({ question: text(HEADING), answer: text(PARAGRAPH) }), 4, 4),
  }),
  contact: group({
    subtitle: text(SENTENCE),
    materials: list(text(HEADING), 1, 6),
  }),
  partners: { kind: 'list', item: image(false), min: 0, max: PARTNER_LOGOS_MAX, optional: true },
});

export type LandingFailureCode = 'LANDING_TEXT_REQUIRED' | 'LANDING_TEXT_TOO_LONG' | 'LANDING_LIST_SIZE' | 'LANDING_INVALID_VALUE';

export interface LandingFailure {
  /** Dotted path of the field: `faq.items.2.answer.en`. */
  path: string;
  code: LandingFailureCode;
  /** The field's own message, with its limit (docs/product/validation.md#landing-content). */
  message: string;
  /** Which rule, and its bounds: a client words the message in its own language from these. */
  rule: LandingRule;
  min?: number;
  max?: number;
}

export type LandingRule = 'required' | 'too_long' | 'exact_count' | 'count_range' | 'date' | 'days' | 'image' | 'invalid';

const characters = (value: string) => [...value].length;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function check(field: LandingField, value: unknown, path: string, failures: LandingFailure[]): void {
  const fail = (code: LandingFailureCode, message: string, rule: LandingRule, bounds: { min?: number; max?: number } = {}, at = path): void => {
    failures.push({ path: at, code, message, rule, ...bounds });
  };
  switch (field.kind) {
    case 'text': {
      if (!isObject(value) || Object.keys(value).length !== 2) return fail('LANDING_INVALID_VALUE', '内容格式不正确', 'invalid');
      for (const language of LANDING_LANGUAGES) {
        const side = value[language];
        const at = `${path}.${language}`;
        if (typeof side !== 'string') fail('LANDING_INVALID_VALUE', '内容格式不正确', 'invalid', {}, at);
        else if (side.trim() === '' && !field.optional) fail('LANDING_TEXT_REQUIRED', '不能为空', 'required', {}, at);
        else if (characters(side) > field.max) fail('LANDING_TEXT_TOO_LONG', `不能超过${field.max}个字符`, 'too_long', { max: field.max }, at);
      }
      return;
    }
    case 'plain':
      if (typeof value !== 'string') return fail('LANDING_INVALID_VALUE', '内容格式不正确', 'invalid');
      if (value.trim() === '') return fail('LANDING_TEXT_REQUIRED', '不能为空', 'required');
      if (characters(value) > field.max) fail('LANDING_TEXT_TOO_LONG', `不能超过${field.max}个字符`, 'too_long', { max: field.max });
      return;
    case 'days':
      if (!Number.isInteger(value) || (value as number) < field.min || (value as number) > field.max) fail('LANDING_INVALID_VALUE', `天数必须是${field.min}到${field.max}之间的整数`, 'days', { min: field.min, max: field.max });
      return;
    case 'date':
      if (value !== null && !isCalendarDate(value)) fail('LANDING_INVALID_VALUE', '请输入有效的日期（YYYY-MM-DD）', 'date');
      return;
    case 'choice':
      if (typeof value !== 'string' || !field.values.includes(value)) fail('LANDING_INVALID_VALUE', '内容格式不正确', 'invalid');
      return;
    case 'group': {
      if (!isObject(value)) return fail('LANDING_INVALID_VALUE', '内容格式不正确', 'invalid');
      const names = Object.keys(field.fields);
      // Unknown keys are refused rather than stored: a publication holds only what the page shows.
      if (Object.keys(value).some((key) => !names.includes(key))) fail('LANDING_INVALID_VALUE', '内容格式不正确', 'invalid');
      for (const name of names) check(field.fields[name]!, value[name], path ? `${path}.${name}` : name, failures);
      return;
    }
    case 'image': {
      if ((value === undefined || value === null) && field.optional) return;
      if (!isObject(value) || Object.keys(value).length !== 2 || typeof value.file !== 'string' || !LANDING_IMAGE_FILE_PATTERN.test(value.file)) {
        return fail('LANDING_INVALID_VALUE', '请上传图片', 'image');
      }
      // Alt text is required: a photo or a logo says who or what it is to a screen reader.
      return check(text(SENTENCE), value.alt, `${path}.alt`, failures);
    }
    case 'list': {
      if (value === undefined && field.optional) return;
      if (!Array.isArray(value)) return fail('LANDING_INVALID_VALUE', '内容格式不正确', 'invalid');
      if (value.length < field.min || value.length > field.max) fail('LANDING_LIST_SIZE', field.min === field.max ? `需要正好${field.min}项` : `需要${field.min}到${field.max}项`, field.min === field.max ? 'exact_count' : 'count_range', { min: field.min, max: field.max });
      value.slice(0, field.max).forEach((item, index) => check(field.item, item, `${path}.${index}`, failures));
      return;
    }
  }
}

/** Every failing field of a draft (empty: it can be saved and published). */
export function landingContentFailures(content: unknown): LandingFailure[] {
  const failures: LandingFailure[] = [];
  check(LANDING_CONTENT_FIELDS, content, '', failures);
  return failures;
}

export function isLandingContent(content: unknown): content is LandingContent {
  return landingContentFailures(content).length === 0;
}

/** Whether a promotion option is still offered on `today` (YYYY-MM-DD, China time): its end date is the last day. */
export const isOffered = (option: PromotionOption, today: string) => option.endsOn === null || option.endsOn >= today;

/** The end dates that can still take an offer away: the page cache checks these against the day (ADR 074). */
export function upcomingPromotionEnds(content: LandingContent, today: string): string[] {
  return content.pricing.promotions.flatMap((promotion) => promotion.options.map((option) => option.endsOn).filter((end): end is string => end !== null && end >= today)).sort();
}

/** One language of a Bilingual tree: a text becomes its string, anything else stays. */
type InLanguage<T> = T extends Bilingual
  ? string
  : T extends LandingImage
    ? ShownImage
    : T extends Array<infer Item>
      ? Array<InLanguage<Item>>
      : T extends object
        ? { [K in keyof T]: InLanguage<T[K]> }
        : T;

/** An image as the page shows it: its address (public, or the administrator's for a preview) and its alt text. */
export interface ShownImage {
  src: string;
  alt: string;
}

/** Where the page finds an image: the public route for the live page, the administrator's for a draft's preview. */
export type LandingImageAddress = (file: string) => string;

/**
 * What the page shows in one language, shaped like the locale file's blocks (the components read it through the
 * translator, ADR 074): module numbers 01–07, promotions as offered on `today` (a group with no option left goes),
 * and each option's {{date}} written out.
 */
export type LandingTexts = Omit<InLanguage<LandingContent>, 'courses' | 'pricing'> & {
  courses: {
    modules: Array<InLanguage<LandingContent['courses']['modules'][number]> & { id: string }>;
  };
  pricing: Omit<InLanguage<LandingContent['pricing']>, 'promotions'> & {
    /** Each option keeps its end date: an open page drops it at midnight in China (Pricing). */
    promotions: Array<{ title: string; options: Array<{ text: string; endsOn: string | null }> }>;
  };
};

function pick(value: unknown, language: LandingLanguage, address: LandingImageAddress): unknown {
  if (Array.isArray(value)) return value.map((item) => pick(item, language, address));
  if (isObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 2 && typeof value.zh === 'string' && typeof value.en === 'string') return value[language];
    if (keys.length === 2 && typeof value.file === 'string' && isObject(value.alt)) return { src: address(value.file), alt: pick(value.alt, language, address) };
    return Object.fromEntries(keys.map((key) => [key, pick(value[key], language, address)]));
  }
  return value;
}

export function landingTexts(content: LandingContent, language: LandingLanguage, today: string, address: LandingImageAddress = (file) => LANDING_CONTENT_PATHS.publicImage(file)): LandingTexts {
  const texts = pick(content, language, address) as InLanguage<LandingContent>;
  const promotions = content.pricing.promotions
    .map((promotion) => ({
      title: promotion.title[language],
      options: promotion.options
        .filter((option) => isOffered(option, today))
        .map((option) => ({
          text: option.endsOn ? option.text[language].replace('{{date}}', formatShortDate(`${option.endsOn}T12:00:00+08:00`, language)) : option.text[language],
          endsOn: option.endsOn,
        })),
    }))
    .filter((promotion) => promotion.options.length > 0);
  return {
    ...texts,
    courses: {
      modules: texts.courses.modules.map((module, index) => ({
        ...module,
        id: String(index + 1).padStart(2, '0'),
      })),
    },
    pricing: { ...texts.pricing, promotions },
  };
}

/** A publication as the history lists it. */
export interface LandingPublicationSummary {
  id: number;
  publishedAt: string;
  /** The administrator's email; null for the first publication a fresh install makes. */
  publishedBy: string | null;
  /** The earlier publication this one restored, if it was a restore. */
  restoredFrom: number | null;
}

export interface LandingPublication extends LandingPublicationSummary {
  content: LandingContent;
}

export interface LandingDraft {
  content: LandingContent;
  /** When the draft was last saved; null: never saved (it is the live publication). */
  savedAt: string | null;
  /** Whether the draft says something other than the live publication. */
  unpublished: boolean;
}

export const LANDING_CONTENT_PATHS = {
  /** Public: the live publication (ETag: its id; `If-None-Match` answers 304). */
  live: '/api/landing-content',
  draft: '/api/admin/landing-content/draft',
  publish: '/api/admin/landing-content/publish',
  publications: '/api/admin/landing-content/publications',
  restore: (id: number) => `/api/admin/landing-content/publications/${id}/restore`,
  /** The back office's upload (multipart, field `file`): answers the stored name to put in the draft. */
  images: '/api/admin/landing-content/images',
  /** Public, but only for an image the live publication shows (ADR 076); cached for a year (the name is the hash). */
  publicImage: (file: string) => `/api/landing-content/images/${file}`,
  /** Any uploaded landing image, for the administrator's preview of a draft. */
  draftImage: (file: string) => `/api/admin/landing-content/images/${file}`,
} as const;

/** The upload's answer. */
export interface LandingImageUpload {
  file: string;
  type: 'jpg' | 'png' | 'webp';
  size: number;
}

/** Every image file a content shows: what the public image route may serve while it is live. */
export function landingImageFiles(content: LandingContent): string[] {
  const images = [content.features.scene, ...content.instructors.core.map((person) => person.photo), ...content.instructors.more.map((person) => person.photo), ...(content.partners ?? [])];
  return images.filter((image): image is LandingImage => !!image).map((image) => image.file);
}

export const LANDING_CONTENT_MESSAGES = {
  draftSaved: '草稿已保存',
  published: '已发布',
  restored: '已恢复该版本并发布',
} as const;
