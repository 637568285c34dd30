import { FilterButton, TopToolbar } from 'react-admin';
import { DuplicatesButton } from '../people/PersonLinks';
import { ExportCsvButton } from './ExportCsvButton';

/** "Add filter" for the date range, the API's CSV export of every matching row, and the likely duplicates. */
export function LeadListActions({ exportPath }: { exportPath: string }) {
  return (
    <TopToolbar>
      <FilterButton />
      <ExportCsvButton path={exportPath} />
      <DuplicatesButton />
    </TopToolbar>
  );
}
