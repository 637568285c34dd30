import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { AUDIT_RESOURCE } from '@aipm/contracts';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

/** One chunk for the section's screens, fetched when the section is first opened (issue 18). */
const screens = () => import('./screens');

/** The audit log (issue 17 item 1, ADR 030): read-only, so a list and a detail page, no edit or create. */
export const auditResource = {
  name: AUDIT_RESOURCE,
  list: lazy(() => screens().then((module) => ({ default: module.AuditList }))),
  show: lazy(() => screens().then((module) => ({ default: module.AuditShow }))),
  icon: ManageSearchIcon,
} satisfies ResourceProps;
