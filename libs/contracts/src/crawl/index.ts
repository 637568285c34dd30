export * from './crawl-cities';
export * from './crawl-failure';
export * from './crawler-config';
export * from './posted-time.parser';
export * from './salary.parser';
