/*
 * The job sites' names, apart from the crawler's other wording (crawlerMessages.ts): the dashboard's alerts and charts
 * name them from the first screen on, while the rest of the section's wording loads with its screens
 * (sections/laterWording.ts, ADR 079).
 */
export const zhCrawlerSiteNames = { zhaopin: '智联招聘', zhipin: 'BOSS直聘', job51: '前程无忧', liepin: '猎聘', lagou: '拉勾', other: '其他网站' };

export const enCrawlerSiteNames: typeof zhCrawlerSiteNames = { zhaopin: 'Zhaopin', zhipin: 'BOSS Zhipin', job51: '51job', liepin: 'Liepin', lagou: 'Lagou', other: 'Other sites' };
