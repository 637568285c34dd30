import type { MetaDescriptor } from '@remix-run/node';

/** What a route loader returns for its <title>, description and Open Graph, already translated on the server. */
export interface PageMeta {
  title: string;
  description?: string;
  /** Absolute URL of the page in its language (Open Graph). */
  url?: string;
  locale?: string;
  siteName?: string;
  image?: string;
}

export function pageMeta(meta: PageMeta | undefined): MetaDescriptor[] {
  if (!meta) return [];
  return [
    { title: meta.title },
    ...(meta.description ? [{ name: 'description', content: meta.description }, { property: 'og:description', content: meta.description }] : []),
    { property: 'og:title', content: meta.title },
    { property: 'og:type', content: 'website' },
    ...(meta.url ? [{ property: 'og:url', content: meta.url }] : []),
    ...(meta.siteName ? [{ property: 'og:site_name', content: meta.siteName }] : []),
    ...(meta.locale ? [{ property: 'og:locale', content: meta.locale === 'en' ? 'en_US' : 'zh_CN' }] : []),
    ...(meta.image
      ? [
          { property: 'og:image', content: meta.image },
          // The share card's real size (tools/assets/og-image.mjs), so crawlers need not download it first.
          { property: 'og:image:type', content: 'image/jpeg' },
          { property: 'og:image:width', content: '1200' },
          { property: 'og:image:height', content: '630' },
          { name: 'twitter:card', content: 'summary_large_image' },
        ]
      : []),
  ];
}
