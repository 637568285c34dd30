import { formatDateTime, formatMoneyFromCents, formatMoneyTotals, OUTCOMES_REPORT_PATHS, type OutcomesReportResponse, type ReportFigure, type ReportGrouping, type ReportRow } from '@aipm/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  GlobalStyles,
  LinearProgress,
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, Title, useCreatePath, useLocaleState, useTranslate } from 'react-admin';
import { outcomesReportQueryKey, useGuaranteeApi } from './guaranteeApi';
import { StudentTabs } from './StudentParts';

type FigureKey = 'enrolled' | 'graduatedOnTime' | 'graduatedLate' | 'graduatedUntimed' | 'withdrawn' | 'placedInField';
const COUNTED: readonly FigureKey[] = ['enrolled', 'graduatedOnTime', 'graduatedLate', 'graduatedUntimed', 'withdrawn', 'placedInField'];


/** Which figure's students the dialog lists. */
interface Shown {
  group: string;
  figure: string;
  studentIds: string[];
}

/** A figure as a button: the count, and a click lists the students behind it (docs/product/outcomes-report.md). */
function FigureButton({ row, label, figure, text, onShow }: { row: ReportRow; label: string; figure: ReportFigure; text?: string; onShow: (shown: Shown) => void }) {
  const translate = useTranslate();
  return (
    <Button
      size="small"
      onClick={() => onShow({ group: row.label, figure: label, studentIds: figure.studentIds })}
      aria-label={translate('aipm.students.report.show_students', { group: row.label, figure: label, count: figure.count })}
      sx={{ minWidth: 0, px: 1 }}
    >
      {text ?? figure.count}
    </Button>
  );
}

/** The students behind one figure, each linked to their card. */
function StudentsDialog({ shown, report, onClose }: { shown: Shown; report: OutcomesReportResponse; onClose: () => void }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{translate('aipm.students.report.students_behind', { group: shown.group, figure: shown.figure, count: shown.studentIds.length })}</DialogTitle>
      <DialogContent>
        {shown.studentIds.length === 0 ? (
          <Typography color="text.secondary">{translate('aipm.students.report.no_students')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2 }} data-testid="report-students">
            {shown.studentIds.map((id) => (
              <li key={id}>
                <Link to={createPath({ resource: 'students', id, type: 'show' })}>{report.students[id]?.name ?? id}</Link>
              </li>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('aipm.students.report.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * 就业报告 (docs/product/outcomes-report.md): per cohort or per half-year, enrolment, graduation on time and late,
 * placement in field within 180 days, the median annual base, the share at the target and the guarantee's payouts;
 * every count opens the students behind it. Exported as CSV; printed without the back office around it.
 */
export function OutcomesReport() {
  const translate = useTranslate();
  const api = useGuaranteeApi();
  const [grouping, setGrouping] = useState<ReportGrouping>('cohort');
  const [locale] = useLocaleState();
  const [shown, setShown] = useState<Shown | null>(null);
  const report = useQuery({ queryKey: outcomesReportQueryKey(grouping), queryFn: () => api.report(grouping) });
  const data = report.data;
  const column = (key: string) => translate(`aipm.students.report.columns.${key}`);
  return (
    <Box>
      {/* Printed, the report stands alone: the back office's bars, menus, tabs and buttons stay on screen. */}
      <GlobalStyles styles={{ '@media print': { 'header, .RaSidebar-fixed, .RaSidebar-root, [data-print="hide"]': { display: 'none !important' }, '.RaLayout-content': { padding: 0 } } }} />
      <Title title="aipm.students.report.title" />
      <Box data-print="hide">
        <StudentTabs />
      </Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography component="h1" variant="h5">
          {translate('aipm.students.report.title')}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} data-print="hide">
          <ToggleButtonGroup size="small" exclusive value={grouping} onChange={(_event, value: ReportGrouping | null) => value && setGrouping(value)} aria-label={translate('aipm.students.report.grouping')}>
            <ToggleButton value="cohort">{translate('aipm.students.report.by_cohort')}</ToggleButton>
            <ToggleButton value="half-year">{translate('aipm.students.report.by_half_year')}</ToggleButton>
          </ToggleButtonGroup>
          <Button size="small" startIcon={<DownloadIcon />} href={`${OUTCOMES_REPORT_PATHS.csv}?groupBy=${grouping}`} download>
            {translate('aipm.students.report.export_csv')}
          </Button>
          <Button size="small" startIcon={<PrintIcon />} onClick={() => window.print()}>
            {translate('aipm.students.report.print')}
          </Button>
        </Stack>
      </Stack>
      {report.isPending ? <LinearProgress aria-label={translate('aipm.students.report.title')} /> : null}
      {report.isError ? <Alert severity="error">{translate('aipm.students.report.load_failed', { message: translate(report.error.message) })}</Alert> : null}
      {data ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="report-basis">
            {translate('aipm.students.report.generated', { time: formatDateTime(data.generatedAt, locale), target: formatMoneyFromCents(data.target) })}
          </Typography>
          {data.rows.length === 0 ? (
            <Typography sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>{translate('aipm.students.report.empty')}</Typography>
          ) : (
            // A column that may shrink to nothing: the wide table scrolls inside a phone's width instead of widening the page.
            <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
              <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={translate('aipm.students.report.title')}>
                <Table size="small" data-testid="outcomes-report">
                  <TableHead>
                    <TableRow>
                      <TableCell component="th" scope="col">
                        {column('group')}
                      </TableCell>
                      {[...COUNTED, 'medianAnnualBase', 'atOrAboveTarget', 'refundsPaid', 'bonusesPaid'].map((key) => (
                        <TableCell key={key} component="th" scope="col" align="right">
                          {column(key)}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.rows.map((row) => (
                      <TableRow key={row.key} data-testid="report-row">
                        <TableCell component="th" scope="row">
                          {row.key === 'none' || grouping === 'half-year' ? row.label : <MuiLink component={Link} to={`/cohorts/${row.key}`}>{row.label}</MuiLink>}
                        </TableCell>
                        {COUNTED.map((key) => (
                          <TableCell key={key} align="right">
                            <FigureButton row={row} label={column(key)} figure={row[key]} onShow={setShown} />
                          </TableCell>
                        ))}
                        <TableCell align="right">
                          {row.medianAnnualBase === null ? (
                            translate('aipm.students.report.none')
                          ) : (
                            <FigureButton
                              row={row}
                              label={column('medianAnnualBase')}
                              figure={row.medianBasis}
                              text={translate('aipm.students.report.median_of', { value: formatMoneyFromCents(row.medianAnnualBase), count: row.medianBasis.count })}
                              onShow={setShown}
                            />
                          )}
                        </TableCell>
                        <TableCell align="right">
                          <FigureButton
                            row={row}
                            label={column('atOrAboveTarget')}
                            figure={row.atOrAboveTarget}
                            text={row.atOrAboveTargetShare === null ? String(row.atOrAboveTarget.count) : translate('aipm.students.report.share', { count: row.atOrAboveTarget.count, share: row.atOrAboveTargetShare })}
                            onShow={setShown}
                          />
                        </TableCell>
                        <TableCell align="right">
                          <FigureButton row={row} label={column('refundsPaid')} figure={row.refundedStudents} text={formatMoneyTotals(row.refundsPaid)} onShow={setShown} />
                        </TableCell>
                        <TableCell align="right">
                          <FigureButton row={row} label={column('bonusesPaid')} figure={row.bonusedStudents} text={formatMoneyTotals(row.bonusesPaid)} onShow={setShown} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            </Box>
          )}
          {shown ? <StudentsDialog shown={shown} report={data} onClose={() => setShown(null)} /> : null}
        </>
      ) : null}
    </Box>
  );
}
