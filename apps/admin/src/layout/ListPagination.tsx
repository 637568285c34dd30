import type { TablePaginationProps } from '@mui/material';
import { useCallback } from 'react';
import { Pagination, type PaginationProps, useListContext, useLocaleState, useTranslate } from 'react-admin';

/**
 * react-admin's pager, saying "about" when the API answered an estimated total (more rows match than it
 * counts on every page, ADR 028): the dataProvider puts `totalIsEstimate` in the list's meta.
 */
export function ListPagination() {
  const { meta } = useListContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const estimated = meta?.totalIsEstimate === true;
  const labelDisplayedRows = useCallback(
    ({ from, to, count }: { from: number; to: number; count: number }) =>
      translate('aipm.list_pagination.estimated_range', { offsetBegin: from, offsetEnd: to, total: count.toLocaleString(locale) }),
    [translate, locale]
  );
  // Pagination hands props it does not know on to MUI's TablePagination; its type leaves this one out.
  const estimatedLabel = { labelDisplayedRows } as Pick<TablePaginationProps, 'labelDisplayedRows'> as PaginationProps;
  return estimated ? <Pagination {...estimatedLabel} /> : <Pagination />;
}
