import BugReportIcon from '@mui/icons-material/BugReport';
import ArticleIcon from '@mui/icons-material/Article';
import ChatIcon from '@mui/icons-material/Chat';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import PhoneIcon from '@mui/icons-material/Phone';
import SchoolIcon from '@mui/icons-material/School';
import SettingsIcon from '@mui/icons-material/Settings';
import WebIcon from '@mui/icons-material/Web';
import WorkIcon from '@mui/icons-material/Work';
import type { SvgIconComponent } from '@mui/icons-material';

export interface AdminSection {
  path: string;
  labelKey: string;
  Icon: SvgIconComponent;
}

/**
 * The sections of docs/product/back-office.md#menu, in the menu's order. A section whose path names a react-admin
 * resource in App.tsx shows that resource; the others show a placeholder until they are built.
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: 'registrations', labelKey: 'aipm.menu.registrations', Icon: HowToRegIcon },
  { path: 'students', labelKey: 'aipm.menu.students', Icon: SchoolIcon },
  { path: 'messages', labelKey: 'aipm.menu.messages', Icon: ChatIcon },
  { path: 'crawler', labelKey: 'aipm.menu.crawler', Icon: BugReportIcon },
  { path: 'published-jobs', labelKey: 'aipm.menu.published_jobs', Icon: WorkIcon },
  { path: 'phone-config', labelKey: 'aipm.menu.phone_config', Icon: PhoneIcon },
  { path: 'crawler-config', labelKey: 'aipm.menu.crawler_config', Icon: SettingsIcon },
  // What the public site shows of the cohort, fees and contacts (docs/product/back-office.md#site-settings).
  { path: 'site-settings', labelKey: 'aipm.site_settings.menu', Icon: WebIcon },
  // The landing page's own words, drafted, previewed and published (docs/product/back-office.md#site-content).
  { path: 'landing-content', labelKey: 'aipm.landing_content.menu', Icon: ArticleIcon },
  // Who did what in the back office (docs/product/back-office.md#audit-log, ADR 030).
  { path: 'audit-log', labelKey: 'aipm.audit.menu', Icon: ManageSearchIcon },
];
