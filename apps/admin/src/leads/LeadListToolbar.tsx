import type { ReactNode } from 'react';
import { ListToolbar } from 'react-admin';
import { LeadListActions } from './LeadListActions';
import type { LeadKind } from './leadChoices';
import { useLeadFilters } from './useLeadFilters';

/**
 * The lead lists' toolbar: the search and the filters (react-admin's filter form, with react-hook-form under it),
 * "add filter", 导入, the export and the likely duplicates. A chunk of its own (LeadListFrame.tsx): the rows paint
 * without it on a phone's first load.
 */
export function LeadListToolbar({ kind, exportPath, importButton }: { kind: LeadKind; exportPath: string; importButton?: ReactNode }) {
  const filters = useLeadFilters(kind);
  return <ListToolbar className="RaList-actions" filters={filters} actions={<LeadListActions exportPath={exportPath} importButton={importButton} />} />;
}
