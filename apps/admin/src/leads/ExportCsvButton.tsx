import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { type SortPayload, useListContext, useTranslate } from 'react-admin';

/** The API's export URL for the list as currently filtered and sorted (no range: every matching row). */
function exportUrl(path: string, filter: Record<string, unknown>, sort?: SortPayload): string {
  const kept = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== null && value !== ''));
  const query = new URLSearchParams({ filter: JSON.stringify(kept) });
  if (sort?.field) query.set('sort', JSON.stringify([sort.field, sort.order]));
  return `${path}?${query.toString()}`;
}

/**
 * Downloads the API's streamed CSV of every matching row (react-admin's own exporter would page through at
 * most 1,000 rows in the browser). A plain link: the browser streams the file to disk with the session cookie.
 */
export function ExportCsvButton({ path }: { path: string }) {
  const translate = useTranslate();
  const { filterValues, sort, total } = useListContext();
  return (
    <Button
      component="a"
      href={exportUrl(path, filterValues, sort)}
      download
      size="small"
      startIcon={<DownloadIcon />}
      disabled={total === 0}
    >
      {translate('aipm.leads.export')}
    </Button>
  );
}
