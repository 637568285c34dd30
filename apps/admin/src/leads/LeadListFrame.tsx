import { LEAD_PATHS } from '@aipm/contracts';
import { type Theme, useMediaQuery } from '@mui/material';
import type { ReactNode } from 'react';
import { List } from 'react-admin';
import { ListPagination } from '../layout/ListPagination';
import { RowsInSlices } from '../layout/RowsInSlices';
import { LeadEmpty } from './LeadEmpty';
import { LeadListActions } from './LeadListActions';
import type { LeadKind } from './leadChoices';
import { useLeadFilters } from './useLeadFilters';
import { useLeadImport } from './useLeadImport';

const EXPORT_PATHS: Record<LeadKind, string> = { registrations: LEAD_PATHS.registrationsExport, messages: LEAD_PATHS.contactExport };

/** Below the small breakpoint the lists show cards instead of a table. */
export function useIsPhone(): boolean {
  return useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
}

/**
 * What both lead lists share: the server-side filters, newest first, 25 a page, the API's CSV export instead
 * of react-admin's client-side one, and the empty text (docs/product/back-office.md#lead-lists).
 */
export function LeadListFrame({ kind, children }: { kind: LeadKind; children: ReactNode }) {
  const filters = useLeadFilters(kind);
  const leadImport = useLeadImport();
  const importButton = kind === 'registrations' ? leadImport.button : undefined;
  return (
    <>
      <List
        filters={filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        pagination={<ListPagination />}
        exporter={false}
        actions={<LeadListActions exportPath={EXPORT_PATHS[kind]} importButton={importButton} />}
        empty={<LeadEmpty textKey={`aipm.leads.empty.${kind}`} action={importButton} />}
      >
        <RowsInSlices>{children}</RowsInSlices>
      </List>
      {leadImport.dialog}
    </>
  );
}
