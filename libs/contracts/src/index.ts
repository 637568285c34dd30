export * from './enums';
export * from './format';
export * from './auth';
export * from './crawl';
export * from './leads';
