import { FOLLOW_UP_WEEKS, type FirstContactWeek, type SourceFunnelRow } from '@aipm/contracts';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { LEAD_FOLLOW_UP_QUERY_KEY, useDashboardApi } from './dashboardApi';

type Translate = ReturnType<typeof useTranslate>;

/** A median as people read it: minutes under an hour, hours under two days, days beyond (one decimal). */
export function formatDuration(seconds: number, translate: Translate): string {
  const t = (unit: string, count: number) => translate(`aipm.lead_follow_up.dashboard.${unit}`, { count });
  if (seconds < 3600) return t('minutes', Math.round(seconds / 60));
  if (seconds < 2 * 86_400) return t('hours', Math.round((seconds / 3600) * 10) / 10);
  return t('days', Math.round((seconds / 86_400) * 10) / 10);
}

const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/**
 * 线索跟进 on the dashboard (docs/product/back-office.md#first-contact-and-funnel): the median time to first contact
 * per week of arrival, with the leads still waiting apart, and the funnel per first-touch source. Tables, no chart
 * library: a chunk of its own, fetched after the cards (Dashboard.tsx).
 */
export function LeadFollowUpCard() {
  const translate = useTranslate();
  const api = useDashboardApi();
  const figures = useQuery({
    queryKey: LEAD_FOLLOW_UP_QUERY_KEY,
    queryFn: async () => {
      const [firstContact, funnel] = await Promise.all([api.firstContact(), api.sourceFunnel()]);
      return { weeks: firstContact.weeks, sources: funnel.sources };
    },
  });
  const t = (key: string, options?: object) => translate(`aipm.lead_follow_up.dashboard.${key}`, options);

  return (
    <Card component="section" aria-labelledby="lead-follow-up-heading" sx={{ mt: 2 }} data-testid="lead-follow-up-card">
      <CardContent>
        <Typography id="lead-follow-up-heading" component="h2" variant="h6">
          {t('title')}
        </Typography>
        {figures.isPending && <LinearProgress sx={{ mt: 2 }} aria-label={translate('ra.page.loading')} />}
        {figures.isError && (
          <Alert
            severity="error"
            sx={{ mt: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void figures.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('load_failed')}
          </Alert>
        )}
        {figures.data &&
          (figures.data.weeks.every((week) => week.arrived === 0) ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="lead-follow-up-empty">
              {t('no_leads', { weeks: FOLLOW_UP_WEEKS })}
            </Typography>
          ) : (
            // minmax(0, …): a table wider than a phone scrolls in its own container instead of widening the page.
            <Box sx={{ display: 'grid', gap: 3, mt: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 3fr)' } }}>
              <FirstContactTable weeks={figures.data.weeks} translate={translate} />
              <SourceFunnelTable sources={figures.data.sources} translate={translate} />
            </Box>
          ))}
      </CardContent>
    </Card>
  );
}

function FirstContactTable({ weeks, translate }: { weeks: readonly FirstContactWeek[]; translate: Translate }) {
  const t = (key: string, options?: object) => translate(`aipm.lead_follow_up.dashboard.${key}`, options);
  return (
    <Box>
      <Typography component="h3" variant="subtitle1">
        {t('first_contact')}
      </Typography>
      {/* Scrolls sideways on a phone: reachable from the keyboard, named for a screen reader. */}
      <TableContainer tabIndex={0} role="region" aria-label={t('first_contact')} sx={{ mt: 1 }}>
        <Table size="small" aria-label={t('first_contact')} aria-describedby="first-contact-hint" data-testid="first-contact-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('week')}</TableCell>
              <TableCell align="right">{t('arrived')}</TableCell>
              <TableCell align="right">{t('contacted')}</TableCell>
              <TableCell align="right">{t('median')}</TableCell>
              <TableCell align="right">{t('waiting')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {/* Newest week first: what the team acts on. */}
            {[...weeks].reverse().map((week) => (
              <TableRow key={week.week}>
                <TableCell title={week.week}>{week.isoWeek}</TableCell>
                <TableCell align="right">{week.arrived}</TableCell>
                <TableCell align="right">{week.contacted}</TableCell>
                <TableCell align="right">{week.medianSeconds === null ? '—' : formatDuration(week.medianSeconds, translate)}</TableCell>
                <TableCell align="right">{week.waiting}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TableHint id="first-contact-hint">{t('first_contact_hint', { weeks: FOLLOW_UP_WEEKS })}</TableHint>
    </Box>
  );
}

/**
 * What a table's figures mean, under the table: the figures come first, and on a phone the card's first screen
 * then holds no paragraph larger than the header's welcome line, the page's largest text (ADR 084).
 */
function TableHint({ id, children }: { id: string; children: string }) {
  return (
    <Typography id={id} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      {children}
    </Typography>
  );
}

function SourceFunnelTable({ sources, translate }: { sources: readonly SourceFunnelRow[]; translate: Translate }) {
  const t = (key: string, options?: object) => translate(`aipm.lead_follow_up.dashboard.${key}`, options);
  return (
    <Box>
      <Typography component="h3" variant="subtitle1">
        {t('funnel', { weeks: FOLLOW_UP_WEEKS })}
      </Typography>
      <TableContainer tabIndex={0} role="region" aria-label={t('funnel', { weeks: FOLLOW_UP_WEEKS })} sx={{ mt: 1 }}>
        <Table size="small" aria-label={t('funnel', { weeks: FOLLOW_UP_WEEKS })} aria-describedby="source-funnel-hint" data-testid="source-funnel-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('source')}</TableCell>
              <TableCell align="right">{t('arrived')}</TableCell>
              <TableCell align="right">{t('contacted')}</TableCell>
              <TableCell align="right">{t('enrolled')}</TableCell>
              <TableCell align="right">{t('given_up')}</TableCell>
              <TableCell align="right">{t('contacted_rate')}</TableCell>
              <TableCell align="right">{t('enrolled_rate')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sources.map((row) => (
              <TableRow key={`${row.kind}:${row.name ?? ''}`}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.kind === 'direct' ? t('direct') : row.name}</TableCell>
                <TableCell align="right">{row.arrived}</TableCell>
                <TableCell align="right">{row.contacted}</TableCell>
                <TableCell align="right">{row.enrolled}</TableCell>
                <TableCell align="right">{row.givenUp}</TableCell>
                <TableCell align="right">{percent(row.contactedRate)}</TableCell>
                <TableCell align="right">{percent(row.enrolledRate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TableHint id="source-funnel-hint">{t('funnel_hint')}</TableHint>
    </Box>
  );
}
