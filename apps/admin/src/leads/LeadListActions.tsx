import { FilterButton, TopToolbar } from 'react-admin';
import { DuplicatesButton } from '../people/PersonLinks';
import { ExportCsvButton } from './ExportCsvButton';
import { LeadImportButton } from './LeadImportButton';

/** "Add filter" for the date range, the API's CSV export of every matching row, 导入 where leads can be imported, and the likely duplicates. */
export function LeadListActions({ exportPath, canImport = false }: { exportPath: string; canImport?: boolean }) {
  return (
    <TopToolbar>
      <FilterButton />
      {canImport && <LeadImportButton />}
      <ExportCsvButton path={exportPath} />
      <DuplicatesButton />
    </TopToolbar>
  );
}
