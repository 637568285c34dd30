/** The public pages search engines should know (sitemap.xml). Legal texts: last updated 13 Aug 2025. */
export const PUBLIC_PAGES = [
  { path: '/', lastModified: '2025-08-13' },
  { path: '/privacy-policy', lastModified: '2025-08-13' },
  { path: '/terms-of-service', lastModified: '2025-08-13' },
  { path: '/cookie-policy', lastModified: '2025-08-13' },
] as const;

/** Legal pages: last updated 13 Aug 2025 (docs/product/public-site.md#legal-pages). */
export const LEGAL_LAST_UPDATED = '2025-08-13T00:00:00+08:00';
