import { enAuditMessages, enAuditResource, zhAuditMessages, zhAuditResource } from './audit/auditMessages';
import { enBackupsMessages, zhBackupsMessages } from './backups/backupsMessages';
import { enSystemAlertsMessages, zhSystemAlertsMessages } from './dashboard/systemAlertsMessages';
import { enCrawlerMessages, zhCrawlerMessages } from './crawler/crawlerMessages';
import { enCrawlerConfigMessages, zhCrawlerConfigMessages } from './crawler-config/crawlerConfigMessages';
import { enSiteHealthMessages, zhSiteHealthMessages } from './crawler-config/siteHealthMessages';
import { enSiteSessionsMessages, zhSiteSessionsMessages } from './crawler-config/siteSessionsMessages';
import { enLiveViewMessages, zhLiveViewMessages } from './crawler-config/liveViewMessages';
import { enDashboardChartsMessages, zhDashboardChartsMessages } from './dashboard/dashboardChartsMessages';
import type { SectionMessages } from './i18n/i18nProvider';
import { enLeadSourceMessages, zhLeadSourceMessages } from './leads/leadSourceMessages';
import { enLeadFollowUpMessages, zhLeadFollowUpMessages } from './leads/leadFollowUpMessages';
import { enFollowUpsMessages, zhFollowUpsMessages } from './follow-ups/followUpsMessages';
import { enLeadImportMessages, zhLeadImportMessages } from './leads/leadImportMessages';
import { enListPaginationMessages, zhListPaginationMessages } from './layout/listPaginationMessages';
import { enQueueBoardMessages, zhQueueBoardMessages } from './layout/queueBoardMessages';
import { enPeopleMessages, zhPeopleMessages } from './people/peopleMessages';
import { enPhoneConfigMessages, zhPhoneConfigMessages } from './phone-config/phoneConfigMessages';
import { enPublishedJobsMessages, zhPublishedJobsMessages } from './published-jobs/publishedJobsMessages';
import { enSiteSettingsMessages, zhSiteSettingsMessages } from './site-settings/siteSettingsMessages';
import { enLandingContentMessages, zhLandingContentMessages } from './landing-content/landingContentMessages';
import { enStudentMessages, enStudentResources, zhStudentMessages, zhStudentResources } from './students/studentMessages';
import { enWechatShareMessages, enWechatShareResource, zhWechatShareMessages, zhWechatShareResource } from './wechat-share/messages';

/*
 * The wording of sections that only react-admin shows, under `aipm.<section>`, one line per section and
 * language. Assembled here, where the back office is composed, and handed to i18n/i18nProvider.ts by
 * AdminApp.tsx: the sections import i18n/ (error keys), so i18n/ imports none of them. Like
 * i18n/app-messages.ts, it reaches only the react-admin chunk; the login page (the first load of /admin/login,
 * which must not grow: tools/admin-first-load.int-spec.ts) carries i18n/login-messages.ts alone.
 */
const zhSectionMessages = {
  crawler: zhCrawlerMessages,
  published_jobs: zhPublishedJobsMessages,
  crawler_config: zhCrawlerConfigMessages,
  site_health: zhSiteHealthMessages,
  site_sessions: zhSiteSessionsMessages,
  live_view: zhLiveViewMessages,
  queue_board: zhQueueBoardMessages,
  list_pagination: zhListPaginationMessages,
  wechat_share: zhWechatShareMessages,
  phone_config: zhPhoneConfigMessages,
  students: zhStudentMessages,
  lead_source: zhLeadSourceMessages,
  lead_follow_up: zhLeadFollowUpMessages,
  follow_ups: zhFollowUpsMessages,
  lead_import: zhLeadImportMessages,
  site_settings: zhSiteSettingsMessages,
  landing_content: zhLandingContentMessages,
  people: zhPeopleMessages,
  dashboard_charts: zhDashboardChartsMessages,
  audit: zhAuditMessages,
  backups: zhBackupsMessages,
  system_alerts: zhSystemAlertsMessages,
};

const enSectionMessages: typeof zhSectionMessages = {
  crawler: enCrawlerMessages,
  published_jobs: enPublishedJobsMessages,
  crawler_config: enCrawlerConfigMessages,
  site_health: enSiteHealthMessages,
  site_sessions: enSiteSessionsMessages,
  live_view: enLiveViewMessages,
  queue_board: enQueueBoardMessages,
  list_pagination: enListPaginationMessages,
  wechat_share: enWechatShareMessages,
  phone_config: enPhoneConfigMessages,
  students: enStudentMessages,
  lead_source: enLeadSourceMessages,
  lead_follow_up: enLeadFollowUpMessages,
  follow_ups: enFollowUpsMessages,
  lead_import: enLeadImportMessages,
  site_settings: enSiteSettingsMessages,
  landing_content: enLandingContentMessages,
  people: enPeopleMessages,
  dashboard_charts: enDashboardChartsMessages,
  audit: enAuditMessages,
  backups: enBackupsMessages,
  system_alerts: enSystemAlertsMessages,
};

/** react-admin's `resources.<name>` labels of the same sections. */
const zhSectionResources = { 'wechat-share-configs': zhWechatShareResource, ...zhStudentResources, 'audit-log': zhAuditResource };
const enSectionResources: typeof zhSectionResources = { 'wechat-share-configs': enWechatShareResource, ...enStudentResources, 'audit-log': enAuditResource };

/** Both languages, as createI18nProvider() takes them (AdminApp.tsx and the tests' renderInAdmin). */
export const SECTION_MESSAGES: SectionMessages = {
  zh: { aipm: zhSectionMessages, resources: zhSectionResources },
  en: { aipm: enSectionMessages, resources: enSectionResources },
};
