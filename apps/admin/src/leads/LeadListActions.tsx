import type { ReactNode } from 'react';
import { FilterButton, TopToolbar } from 'react-admin';
import { DuplicatesButton } from '../people/PersonLinks';
import { ExportCsvButton } from './ExportCsvButton';

/** "Add filter" for the date range, the API's CSV export of every matching row, 导入 where leads can be imported (`importButton`), and the likely duplicates. */
export function LeadListActions({ exportPath, importButton }: { exportPath: string; importButton?: ReactNode }) {
  return (
    <TopToolbar>
      <FilterButton />
      {importButton}
      <ExportCsvButton path={exportPath} />
      <DuplicatesButton />
    </TopToolbar>
  );
}
