import { enAuditMessages, enAuditResource, zhAuditMessages, zhAuditResource } from './audit/auditMessages';
import { enBackupsMessages, zhBackupsMessages } from './backups/backupsMessages';
import { enSystemAlertsMessages, zhSystemAlertsMessages } from './dashboard/systemAlertsMessages';
import { enDashboardChartsMessages, zhDashboardChartsMessages } from './dashboard/dashboardChartsMessages';
import { enLeadSourceMessages, zhLeadSourceMessages } from './leads/leadSourceMessages';
import { enLeadFollowUpMessages, zhLeadFollowUpMessages } from './leads/leadFollowUpMessages';
import { enFollowUpsMessages, zhFollowUpsMessages } from './follow-ups/followUpsMessages';
import { enLeadImportMessages, zhLeadImportMessages } from './leads/leadImportMessages';
import { enListPaginationMessages, zhListPaginationMessages } from './layout/listPaginationMessages';
import { enQueueBoardMessages, zhQueueBoardMessages } from './layout/queueBoardMessages';
import { enPeopleMessages, zhPeopleMessages } from './people/peopleMessages';
import { enSiteSettingsMessages, zhSiteSettingsMessages } from './site-settings/siteSettingsMessages';
import { enLandingContentMessages, zhLandingContentMessages } from './landing-content/landingContentMessages';
import { enWechatShareMessages, enWechatShareResource, zhWechatShareMessages, zhWechatShareResource } from './wechat-share/messages';
import { enCrawlerSiteNames, zhCrawlerSiteNames } from './crawler/crawlerSiteNames';
import { enStudentResources, zhStudentResources } from './students/studentResources';
import type { SectionMessages } from './i18n/i18nProvider';

/*
 * The wording the first screens need (the layout, the dashboard, the lead lists and what they open), under
 * `aipm.<section>`, with every section's `resources.<name>` labels (the menu and react-admin's titles). The rest
 * (laterSectionMessages.ts) loads when a screen needs it (sections/laterWording.ts, ADR 079). Assembled here, where
 * the back office is composed, and handed to i18n/i18nProvider.ts by AdminApp.tsx: the sections import i18n/ (error
 * keys), so i18n/ imports none of them. It reaches only the react-admin chunk; the login page (whose first load must
 * not grow: tools/admin-first-load.int-spec.ts) carries i18n/login-messages.ts alone.
 */
const zhFirstMessages = {
  // The sites' names alone: the dashboard's alerts and charts name them (the rest: laterSectionMessages.ts).
  crawler: { sites: zhCrawlerSiteNames },
  queue_board: zhQueueBoardMessages,
  list_pagination: zhListPaginationMessages,
  wechat_share: zhWechatShareMessages,
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

const enFirstMessages: typeof zhFirstMessages = {
  crawler: { sites: enCrawlerSiteNames },
  queue_board: enQueueBoardMessages,
  list_pagination: enListPaginationMessages,
  wechat_share: enWechatShareMessages,
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

/** react-admin's `resources.<name>` labels of the sections. */
const zhSectionResources = { 'wechat-share-configs': zhWechatShareResource, ...zhStudentResources, 'audit-log': zhAuditResource };
const enSectionResources: typeof zhSectionResources = { 'wechat-share-configs': enWechatShareResource, ...enStudentResources, 'audit-log': enAuditResource };

/** Both languages, as createI18nProvider() takes them (AdminApp.tsx). */
export const FIRST_SECTION_MESSAGES: SectionMessages = {
  zh: { aipm: zhFirstMessages, resources: zhSectionResources },
  en: { aipm: enFirstMessages, resources: enSectionResources },
};
