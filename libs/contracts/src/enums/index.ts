export * from './crawl.enums';
export * from './jobs.enums';
export * from './leads.enums';
export * from './money.enums';
export * from './students.enums';
