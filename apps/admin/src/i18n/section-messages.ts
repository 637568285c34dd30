import { enCrawlerConfigMessages, zhCrawlerConfigMessages } from '../crawler-config/crawlerConfigMessages';
import { enPublishedJobsMessages, zhPublishedJobsMessages } from '../published-jobs/publishedJobsMessages';
import { enStudentMessages, enStudentResources, zhStudentMessages, zhStudentResources } from '../students/studentMessages';
import { enWechatShareMessages, enWechatShareResource, zhWechatShareMessages, zhWechatShareResource } from '../wechat-share/messages';

/*
 * The wording of sections that only react-admin shows, under `aipm.<section>`, one line per section and
 * language. Like app-messages.ts, it reaches only the react-admin chunk, through i18nProvider.ts; the login
 * page (the first load of /admin/login, which must not grow: tools/admin-first-load.int-spec.ts) carries
 * login-messages.ts alone.
 */
export const zhSectionMessages = {
  published_jobs: zhPublishedJobsMessages,
  crawler_config: zhCrawlerConfigMessages,
  wechat_share: zhWechatShareMessages,
  students: zhStudentMessages,
};

export const enSectionMessages: typeof zhSectionMessages = {
  published_jobs: enPublishedJobsMessages,
  crawler_config: enCrawlerConfigMessages,
  wechat_share: enWechatShareMessages,
  students: enStudentMessages,
};

/** react-admin's `resources.<name>` labels of the same sections. */
export const zhSectionResources = { 'wechat-share-configs': zhWechatShareResource, ...zhStudentResources };
export const enSectionResources: typeof zhSectionResources = { 'wechat-share-configs': enWechatShareResource, ...enStudentResources };
