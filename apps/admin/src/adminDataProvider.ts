import { auditClient } from './audit/auditApi';
import { crawlerClient } from './crawler/crawlerApi';
import { crawlerConfigClient } from './crawler-config/crawlerConfigApi';
import { dashboardClient } from './dashboard/dashboardApi';
import { createDataProvider, httpClient } from './data/dataProvider';
import type { RegisteredSectionClient } from './data/sectionClient';
import { accountClient } from './layout/accountApi';
import { phoneConfigClient } from './phone-config/phoneConfigApi';
import { publishedJobsClient } from './published-jobs/publishedJobsApi';
import { siteSettingsClient } from './site-settings/siteSettingsApi';
import { landingContentClient } from './landing-content/landingContentApi';
import { cohortsClient } from './students/cohortsApi';
import { guaranteeClient } from './students/guaranteeApi';
import { outcomesClient } from './students/outcomesApi';
import { studentAccountsClient } from './students/studentAccountsApi';
import { backupsClient } from './backups/backupsApi';
import { leadSettingsClient } from './leads/leadSettingsApi';
import { peopleClient } from './people/peopleApi';
import { followUpsClient } from './follow-ups/followUpsApi';
import { leadImportsClient } from './leads/leadImportApi';

/*
 * Each section's typed client, registered with react-admin's data provider (ADR 048). Assembled here, where the back
 * office is composed, like firstSectionMessages.ts: the sections import data/, so data/ imports none of them. A section
 * with calls of its own adds its client to this list; its screens call them through useSectionClient, so a 401
 * signs the administrator out as a list's does. Like the rest of AdminApp.tsx's imports, none of it reaches the
 * login page.
 */
export const SECTION_CLIENTS: ReadonlyArray<RegisteredSectionClient> = [
  dashboardClient,
  crawlerClient,
  publishedJobsClient,
  phoneConfigClient,
  crawlerConfigClient,
  siteSettingsClient,
  landingContentClient,
  auditClient,
  accountClient,
  cohortsClient,
  guaranteeClient,
  outcomesClient,
  studentAccountsClient,
  backupsClient,
  leadSettingsClient,
  peopleClient,
  followUpsClient,
  leadImportsClient,
];

/** The back office's data provider: the resources, the PIPL and upload calls, and every section's calls. */
export const adminDataProvider = createDataProvider(httpClient, SECTION_CLIENTS);
