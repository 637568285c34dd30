import { formatMoneyTotals } from '@aipm/contracts';
import { Alert, Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link, useCreatePath, useTranslate } from 'react-admin';
import { GUARANTEE_SUMMARY_QUERY_KEY, useGuaranteeApi } from './guaranteeApi';


/**
 * 薪资保障 on the dashboard (docs/product/guarantee.md#dashboard): the refunds that may still be owed in open windows,
 * and the refunds and bonuses due now, with the ledger a click away. A chunk of its own (Dashboard.tsx).
 */
export function GuaranteeCard() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const api = useGuaranteeApi();
  const summary = useQuery({ queryKey: GUARANTEE_SUMMARY_QUERY_KEY, queryFn: () => api.summary() });
  const figures = [
    { key: 'open_exposure', totals: summary.data?.openExposure, testId: 'guarantee-exposure' },
    { key: 'refunds_due', totals: summary.data?.refundsDue, testId: 'guarantee-refunds-due' },
    { key: 'bonuses_due', totals: summary.data?.bonusesDue, testId: 'guarantee-bonuses-due' },
  ] as const;
  return (
    <Card component="section" aria-labelledby="guarantee-card-heading" sx={{ mt: 2 }} data-testid="guarantee-card">
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
          <Typography id="guarantee-card-heading" component="h2" variant="h6">
            {translate('aipm.students.guarantee.card_title')}
          </Typography>
          <Link to={createPath({ resource: 'guarantee', type: 'list' })}>{translate('aipm.students.guarantee.view_ledger')}</Link>
        </Box>
        {summary.isError ? <Alert severity="error">{translate('aipm.students.guarantee.load_failed')}</Alert> : null}
        <Box sx={{ display: 'grid', gap: 2, mt: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
          {figures.map(({ key, totals, testId }) => (
            <Box key={key}>
              <Typography variant="body2" color="text.secondary">
                {translate(`aipm.students.guarantee.${key}`)}
              </Typography>
              <Typography variant="h6" component="p" data-testid={testId}>
                {totals ? formatMoneyTotals(totals) : summary.isError ? '—' : <Skeleton width={96} />}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
