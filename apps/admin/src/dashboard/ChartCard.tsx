import { Box, Button, Card, CardContent, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import { useTranslate } from 'react-admin';

export const CHART_HEIGHT = 260;

/** A chart's data as a plain table: the accessible alternative to the picture. */
export interface ChartTable {
  /** The header of the first column (the rows' labels), then one per value column. */
  columns: string[];
  rows: { label: string; cells: string[] }[];
}

/**
 * One chart's card: a heading, a sentence that sums it up (the chart's description for screen readers), then
 * the chart, its empty state or its loading placeholder, and a button that shows the same data as a table.
 */
export function ChartCard({
  title,
  description,
  loading,
  emptyText,
  table,
  testId,
  children,
}: {
  title: string;
  description?: string;
  loading: boolean;
  /** Set when the chart has nothing to draw: shown instead of an empty picture. */
  emptyText?: string;
  table?: ChartTable;
  testId: string;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const id = useId();
  const [tableShown, setTableShown] = useState(false);
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const tableId = `${id}-table`;
  return (
    <Card component="section" aria-labelledby={titleId} aria-busy={loading} data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {loading ? (
          <>
            <Skeleton width="80%" />
            <Skeleton variant="rectangular" height={CHART_HEIGHT} sx={{ mt: 1 }} aria-label={translate('aipm.dashboard_charts.loading')} role="progressbar" />
          </>
        ) : emptyText ? (
          <Box
            sx={{ height: CHART_HEIGHT / 2, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.secondary', textAlign: 'center' }}
            data-testid="chart-empty"
          >
            <Typography variant="body2">{emptyText}</Typography>
          </Box>
        ) : (
          <>
            <Typography id={descriptionId} variant="body2" color="text.secondary">
              {description}
            </Typography>
            <Box role="figure" aria-labelledby={titleId} aria-describedby={descriptionId} sx={{ mt: 1 }}>
              {children}
            </Box>
            {table && (
              <>
                <Button size="small" aria-expanded={tableShown} aria-controls={tableId} onClick={() => setTableShown((shown) => !shown)}>
                  {translate(tableShown ? 'aipm.dashboard_charts.hide_table' : 'aipm.dashboard_charts.show_table')}
                </Button>
                <TableContainer id={tableId} hidden={!tableShown} tabIndex={tableShown ? 0 : -1} role="region" aria-label={translate('aipm.dashboard_charts.table_of', { title })} sx={{ maxHeight: 320 }}>
                  <Table size="small" stickyHeader>
                    <caption style={{ captionSide: 'top' }}>{title}</caption>
                    <TableHead>
                      <TableRow>
                        {table.columns.map((column, index) => (
                          <TableCell key={column} align={index === 0 ? 'left' : 'right'}>
                            {column}
                          </TableCell>
                        ))}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {table.rows.map((row) => (
                        <TableRow key={row.label}>
                          <TableCell component="th" scope="row">
                            {row.label}
                          </TableCell>
                          {row.cells.map((cell, index) => (
                            <TableCell key={index} align="right">
                              {cell}
                            </TableCell>
                          ))}
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
