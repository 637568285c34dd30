import { enAuditMessages, enAuditResource, zhAuditMessages, zhAuditResource } from '../audit/auditMessages';
import { enCrawlerMessages, zhCrawlerMessages } from '../crawler/crawlerMessages';
import { enCrawlerConfigMessages, zhCrawlerConfigMessages } from '../crawler-config/crawlerConfigMessages';
import { enSiteHealthMessages, zhSiteHealthMessages } from '../crawler-config/siteHealthMessages';
import { enDashboardChartsMessages, zhDashboardChartsMessages } from '../dashboard/dashboardChartsMessages';
import { enLeadSourceMessages, zhLeadSourceMessages } from '../leads/leadSourceMessages';
import { enListPaginationMessages, zhListPaginationMessages } from '../layout/listPaginationMessages';
import { enQueueBoardMessages, zhQueueBoardMessages } from '../layout/queueBoardMessages';
import { enPhoneConfigMessages, zhPhoneConfigMessages } from '../phone-config/phoneConfigMessages';
import { enPublishedJobsMessages, zhPublishedJobsMessages } from '../published-jobs/publishedJobsMessages';
import { enSiteSettingsMessages, zhSiteSettingsMessages } from '../site-settings/siteSettingsMessages';
import { enStudentMessages, enStudentResources, zhStudentMessages, zhStudentResources } from '../students/studentMessages';
import { enWechatShareMessages, enWechatShareResource, zhWechatShareMessages, zhWechatShareResource } from '../wechat-share/messages';

/*
 * The wording of sections that only react-admin shows, under `aipm.<section>`, one line per section and
 * language. Like app-messages.ts, it reaches only the react-admin chunk, through i18nProvider.ts; the login
 * page (the first load of /admin/login, which must not grow: tools/admin-first-load.int-spec.ts) carries
 * login-messages.ts alone.
 */
export const zhSectionMessages = {
  crawler: zhCrawlerMessages,
  published_jobs: zhPublishedJobsMessages,
  crawler_config: zhCrawlerConfigMessages,
  site_health: zhSiteHealthMessages,
  queue_board: zhQueueBoardMessages,
  list_pagination: zhListPaginationMessages,
  wechat_share: zhWechatShareMessages,
  phone_config: zhPhoneConfigMessages,
  students: zhStudentMessages,
  lead_source: zhLeadSourceMessages,
  site_settings: zhSiteSettingsMessages,
  dashboard_charts: zhDashboardChartsMessages,
  audit: zhAuditMessages,
};

export const enSectionMessages: typeof zhSectionMessages = {
  crawler: enCrawlerMessages,
  published_jobs: enPublishedJobsMessages,
  crawler_config: enCrawlerConfigMessages,
  site_health: enSiteHealthMessages,
  queue_board: enQueueBoardMessages,
  list_pagination: enListPaginationMessages,
  wechat_share: enWechatShareMessages,
  phone_config: enPhoneConfigMessages,
  students: enStudentMessages,
  lead_source: enLeadSourceMessages,
  site_settings: enSiteSettingsMessages,
  dashboard_charts: enDashboardChartsMessages,
  audit: enAuditMessages,
};

/** react-admin's `resources.<name>` labels of the same sections. */
export const zhSectionResources = { 'wechat-share-configs': zhWechatShareResource, ...zhStudentResources, 'audit-log': zhAuditResource };
export const enSectionResources: typeof zhSectionResources = { 'wechat-share-configs': enWechatShareResource, ...enStudentResources, 'audit-log': enAuditResource };
