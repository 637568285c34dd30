import { FilterButton, TopToolbar } from 'react-admin';
import { ExportCsvButton } from './ExportCsvButton';

/** "Add filter" for the date range, and the API's CSV export of every matching row. */
export function LeadListActions({ exportPath }: { exportPath: string }) {
  return (
    <TopToolbar>
      <FilterButton />
      <ExportCsvButton path={exportPath} />
    </TopToolbar>
  );
}
