/** The crawler section's screens, bundled as one lazily loaded chunk by index.ts. */
export { CrawlerSection } from './CrawlerSection';
/** 爬虫配置's automated-search and review cards: the same chunk, loaded when that section opens. */
export { CrawlCardsForSettings } from './CrawlCardsForSettings';
