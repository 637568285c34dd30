/** The crawler section's screens, bundled as one lazily loaded chunk by index.ts. */
export { CrawlerSection } from './CrawlerSection';
