import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { AUDIT_RESOURCE } from '@aipm/contracts';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

/** One chunk for the section's screens, fetched when the section is first opened (ADR 030). */
const screens = () => import('./screens');

/**
 * The audit log (docs/product/back-office.md#audit-log, ADR 030): read-only, so a list and a detail page, no edit or
 * create.
 */
export const auditResource = {
  name: AUDIT_RESOURCE,
  list: lazy(() => screens().then((module) => ({ default: module.AuditList }))),
  show: lazy(() => screens().then((module) => ({ default: module.AuditShow }))),
  icon: ManageSearchIcon,
} satisfies ResourceProps;
