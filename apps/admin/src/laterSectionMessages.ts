import { enCrawlerMessages, zhCrawlerMessages } from './crawler/crawlerMessages';
import { enCrawlerConfigMessages, zhCrawlerConfigMessages } from './crawler-config/crawlerConfigMessages';
import { enSiteHealthMessages, zhSiteHealthMessages } from './crawler-config/siteHealthMessages';
import { enSiteSessionsMessages, zhSiteSessionsMessages } from './crawler-config/siteSessionsMessages';
import { enLiveViewMessages, zhLiveViewMessages } from './crawler-config/liveViewMessages';
import { enPhoneConfigMessages, zhPhoneConfigMessages } from './phone-config/phoneConfigMessages';
import { enPublishedJobsMessages, zhPublishedJobsMessages } from './published-jobs/publishedJobsMessages';
import { enStudentMessages, zhStudentMessages } from './students/studentMessages';
import type { SectionMessages } from './i18n/i18nProvider';

/*
 * The wording of the sections no first screen shows (the students, the crawler and its settings, published jobs,
 * notification settings): a chunk of its own, added to the i18n provider before any of their screens renders
 * (sections/laterWording.ts, ADR 079). Their `resources.<name>` labels are in firstSectionMessages.ts.
 */
const zhLaterMessages = {
  crawler: zhCrawlerMessages,
  published_jobs: zhPublishedJobsMessages,
  crawler_config: zhCrawlerConfigMessages,
  site_health: zhSiteHealthMessages,
  site_sessions: zhSiteSessionsMessages,
  live_view: zhLiveViewMessages,
  phone_config: zhPhoneConfigMessages,
  students: zhStudentMessages,
};

const enLaterMessages: typeof zhLaterMessages = {
  crawler: enCrawlerMessages,
  published_jobs: enPublishedJobsMessages,
  crawler_config: enCrawlerConfigMessages,
  site_health: enSiteHealthMessages,
  site_sessions: enSiteSessionsMessages,
  live_view: enLiveViewMessages,
  phone_config: enPhoneConfigMessages,
  students: enStudentMessages,
};

export const LATER_SECTION_MESSAGES: SectionMessages = {
  zh: { aipm: zhLaterMessages, resources: {} },
  en: { aipm: enLaterMessages, resources: {} },
};
