import { type DashboardCharts as Charts, DEFAULT_CURRENCY, formatDate, formatMoneyFromCents, formatShortDate, type LeadSourceCount } from '@aipm/contracts';
import { Alert, Box, Button, Skeleton, Typography, useTheme } from '@mui/material';
import type { BarChartProps } from '@mui/x-charts/BarChart';
import type { XAxis } from '@mui/x-charts/models';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';

import { CHART_HEIGHT, ChartCard, type ChartTable } from './ChartCard';
import { DASHBOARD_CHARTS_QUERY_KEY, useDashboardApi } from './dashboardApi';

/**
 * Series colours, the theme's primary (the brand accent) first. Each has at least 3:1 against the card it is
 * drawn on (WCAG 1.4.11, graphics): the darker set on the light paper, the lighter one on the dark.
 */
const LIGHT_COLOURS = ['#c2410c', '#2e7d32', '#6a1b9a', '#00695c', '#ad1457'];
const DARK_COLOURS = ['#ffb74d', '#81c784', '#ce93d8', '#80cbc4', '#f48fb1'];

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
/** A tick every week, and every third month, keeps the axes readable at 375 px. */
const everyWeek = (_value: unknown, index: number) => index % 7 === 0;
const everyThirdMonth = (_value: unknown, index: number) => index % 3 === 0;

/**
 * The day axis of the 30-day charts: a labelled tick every seventh day, "3月10日" / "10 Mar" under it and the whole
 * date in the tooltip, China-time days (docs/product/constants.md#dates-and-times). Every tick is labelled: the
 * library asks tickLabelInterval about the ticks tickInterval kept (five of them), so a second "every seventh"
 * there left only the first date.
 */
export function dayAxis(days: string[], language: string): XAxis<'band'> {
  return {
    scaleType: 'band',
    data: days,
    valueFormatter: (day: string, context) => (context.location === 'tick' ? formatShortDate(day, language) : formatDate(day, language)),
    tickInterval: everyWeek,
  };
}

const count = (value: number) => String(value);

/**
 * The charts library is a chunk of its own (ADR 040): the cards' titles and sentences, the page's largest text,
 * paint with the data, and each picture follows when the library has arrived, in its place (the same height).
 */
const loadBarChart = () => import('@mui/x-charts/BarChart').then((module) => ({ default: module.BarChart }));

/**
 * The pictures render one at a time (ADR 079): each waits until the one before it has been committed (at most
 * half a second, so that a picture that never came holds up none), so each is a task of its own on the main
 * thread rather than all five in one of ~45 ms on this machine.
 */
let previousPicture: Promise<unknown> = Promise.resolve();
const PICTURE_WAIT_MS = 500;

function usePictureInTurn() {
  const [picture] = useState(() => {
    let shown = () => {};
    const committed = new Promise<void>((resolve) => {
      shown = resolve;
    });
    const Chart = lazy(() => {
      const turn = previousPicture;
      previousPicture = Promise.race([committed, new Promise((resolve) => setTimeout(resolve, PICTURE_WAIT_MS))]);
      return Promise.all([loadBarChart(), turn]).then(([module]) => module);
    });
    return { Chart, shown };
  });
  return picture;
}

/** Tells the next picture its turn has come, once this one's Suspense has shown it. */
function PictureShown({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return null;
}

function BarChart(props: BarChartProps) {
  const translate = useTranslate();
  const { Chart, shown } = usePictureInTurn();
  return (
    <Suspense fallback={<Skeleton variant="rectangular" height={props.height} aria-label={translate('aipm.dashboard_charts.loading')} role="progressbar" />}>
      <Chart {...props} />
      <PictureShown onShown={shown} />
    </Suspense>
  );
}

/**
 * 经营概览 (docs/product/back-office.md#charts): leads, sources, follow-up, crawl yield and payments, from one aggregated
 * answer.
 */
export function DashboardCharts() {
  const translate = useTranslate();
  const theme = useTheme();
  const api = useDashboardApi();
  const [language] = useLocaleState();
  const charts = useQuery({ queryKey: DASHBOARD_CHARTS_QUERY_KEY, queryFn: () => api.charts() });
  const colours = [theme.palette.primary.main, ...(theme.palette.mode === 'dark' ? DARK_COLOURS : LIGHT_COLOURS)];
  const t = (key: string, options?: Record<string, unknown>) => translate(`aipm.dashboard_charts.${key}`, options);
  const data = charts.data;
  const loading = charts.isPending;

  return (
    <Box component="section" aria-labelledby="dashboard-charts-heading" sx={{ mt: 3 }}>
      <Typography id="dashboard-charts-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('heading')}
      </Typography>
      {charts.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void charts.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('load_failed', { message: charts.error instanceof Error ? translate(charts.error.message, { _: charts.error.message }) : String(charts.error) })}
        </Alert>
      )}
      {!charts.isError && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
          <LeadsPerDay data={data} loading={loading} colours={colours} t={t} language={language} />
          <LeadSources data={data} loading={loading} colours={colours} t={t} />
          <Funnel data={data} loading={loading} colours={colours} t={t} />
          <CrawlYield data={data} loading={loading} colours={colours} t={t} translate={translate} language={language} />
          <Payments data={data} loading={loading} colours={colours} t={t} />
        </Box>
      )}
    </Box>
  );
}

interface ChartProps {
  data?: Charts;
  loading: boolean;
  colours: string[];
  t: (key: string, options?: Record<string, unknown>) => string;
}

function LeadsPerDay({ data, loading, colours, t, language }: ChartProps & { language: string }) {
  const registrations = sum(data?.leadsPerDay.registrations ?? []);
  const messages = sum(data?.leadsPerDay.messages ?? []);
  const table: ChartTable | undefined = data && {
    columns: [t('leads_per_day.day'), t('series.registrations'), t('series.messages')],
    rows: data.days.map((day, index) => ({ label: day, cells: [count(data.leadsPerDay.registrations[index]!), count(data.leadsPerDay.messages[index]!)] })),
  };
  return (
    <ChartCard
      testId="chart-leads-per-day"
      title={t('leads_per_day.title')}
      description={t('leads_per_day.description', { registrations, messages })}
      loading={loading}
      emptyText={data && registrations + messages === 0 ? t('leads_per_day.empty') : undefined}
      table={table}
    >
      {data && (
        <BarChart
          height={CHART_HEIGHT}
          colors={colours}
          xAxis={[dayAxis(data.days, language)]}
          yAxis={[{ tickMinStep: 1 }]}
          series={[
            { data: data.leadsPerDay.registrations, label: t('series.registrations'), stack: 'leads' },
            { data: data.leadsPerDay.messages, label: t('series.messages'), stack: 'leads' },
          ]}
          skipAnimation
        />
      )}
    </ChartCard>
  );
}

function sourceLabel(source: LeadSourceCount, t: ChartProps['t']): string {
  return t(`source_kinds.${source.kind}`, { name: source.name ?? '' });
}

function LeadSources({ data, loading, colours, t }: ChartProps) {
  const sources = data?.leadSources ?? [];
  const labels = sources.map((source) => sourceLabel(source, t));
  const table: ChartTable = {
    columns: [t('lead_sources.source'), t('series.registrations'), t('series.messages')],
    rows: sources.map((source, index) => ({ label: labels[index]!, cells: [count(source.registrations), count(source.messages)] })),
  };
  return (
    <ChartCard
      testId="chart-lead-sources"
      title={t('lead_sources.title')}
      description={t('lead_sources.description')}
      loading={loading}
      emptyText={data && sources.length === 0 ? t('lead_sources.empty') : undefined}
      table={table}
    >
      {data && (
        <BarChart
          // One band per source, so the bars keep their thickness however many sources there are.
          height={Math.max(CHART_HEIGHT / 2, 70 + sources.length * 32)}
          colors={colours}
          layout="horizontal"
          yAxis={[{ scaleType: 'band', data: labels, width: 110 }]}
          xAxis={[{ tickMinStep: 1 }]}
          series={[
            { data: sources.map((source) => source.registrations), label: t('series.registrations'), stack: 'leads' },
            { data: sources.map((source) => source.messages), label: t('series.messages'), stack: 'leads' },
          ]}
          skipAnimation
        />
      )}
    </ChartCard>
  );
}

function Funnel({ data, loading, colours, t }: ChartProps) {
  const funnel = data?.funnel ?? [];
  const labels = funnel.map((stage) => t(`stages.${stage.stage}`));
  const table: ChartTable = {
    columns: [t('funnel.stage'), t('series.registrations'), t('series.messages'), t('series.total')],
    rows: funnel.map((stage, index) => ({ label: labels[index]!, cells: [count(stage.registrations), count(stage.messages), count(stage.registrations + stage.messages)] })),
  };
  const everyone = funnel[0] ? funnel[0].registrations + funnel[0].messages : 0;
  return (
    <ChartCard
      testId="chart-funnel"
      title={t('funnel.title')}
      description={t('funnel.description', { invalid: (data?.invalid.registrations ?? 0) + (data?.invalid.messages ?? 0) })}
      loading={loading}
      emptyText={data && everyone === 0 ? t('funnel.empty') : undefined}
      table={table}
    >
      {data && (
        <BarChart
          height={CHART_HEIGHT * 0.75}
          colors={colours}
          layout="horizontal"
          yAxis={[{ scaleType: 'band', data: labels, width: 90 }]}
          xAxis={[{ tickMinStep: 1 }]}
          series={[
            { data: funnel.map((stage) => stage.registrations), label: t('series.registrations'), stack: 'leads' },
            { data: funnel.map((stage) => stage.messages), label: t('series.messages'), stack: 'leads' },
          ]}
          skipAnimation
        />
      )}
    </ChartCard>
  );
}

function CrawlYield({ data, loading, colours, t, translate, language }: ChartProps & { translate: (key: string) => string; language: string }) {
  const sites = data?.crawlYield ?? [];
  const found = sum(sites.flatMap((site) => site.found));
  const runs = sum(sites.flatMap((site) => site.runs));
  const siteName = (site: string) => translate(`aipm.crawler.sites.${site}`);
  const table: ChartTable | undefined = data && {
    columns: [t('leads_per_day.day'), ...sites.flatMap((site) => [`${siteName(site.site)} · ${t('crawl_yield.found')}`, `${siteName(site.site)} · ${t('crawl_yield.runs')}`])],
    rows: data.days.map((day, index) => ({ label: day, cells: sites.flatMap((site) => [count(site.found[index]!), count(site.runs[index]!)]) })),
  };
  return (
    <ChartCard
      testId="chart-crawl-yield"
      title={t('crawl_yield.title')}
      description={t('crawl_yield.description', { found, runs })}
      loading={loading}
      emptyText={data && runs === 0 ? t('crawl_yield.empty') : undefined}
      table={table}
    >
      {data && (
        <BarChart
          height={CHART_HEIGHT}
          colors={colours}
          xAxis={[dayAxis(data.days, language)]}
          yAxis={[{ tickMinStep: 1 }]}
          series={sites.map((site) => ({ data: site.found, label: siteName(site.site), stack: 'found' }))}
          skipAnimation
        />
      )}
    </ChartCard>
  );
}

function Payments({ data, loading, colours, t }: ChartProps) {
  const series = data?.paymentsPerMonth ?? [];
  const totals = series.map((currency) => formatMoneyFromCents(sum(currency.amounts), currency.currency)).join(' + ');
  const table: ChartTable | undefined = data && {
    columns: [t('payments.month'), ...series.flatMap((currency) => [`${t('payments.amount')} (${currency.currency})`, `${t('payments.count')} (${currency.currency})`])],
    rows: data.months.map((month, index) => ({
      label: month,
      cells: series.flatMap((currency) => [formatMoneyFromCents(currency.amounts[index]!, currency.currency), count(currency.counts[index]!)]),
    })),
  };
  // The axis is in the main currency; another currency's bars share it only if there is one.
  const axisCurrency = series[0]?.currency ?? DEFAULT_CURRENCY;
  return (
    <ChartCard
      testId="chart-payments"
      title={t('payments.title')}
      description={t('payments.description', { total: totals })}
      loading={loading}
      emptyText={data && series.length === 0 ? t('payments.empty') : undefined}
      table={table}
    >
      {data && (
        <BarChart
          height={CHART_HEIGHT}
          colors={colours}
          xAxis={[{ scaleType: 'band', data: data.months, tickInterval: everyThirdMonth }]}
          yAxis={[{ valueFormatter: (cents: number) => formatMoneyFromCents(Math.round(cents), axisCurrency), width: 96 }]}
          series={series.map((currency) => ({
            data: currency.amounts,
            label: currency.currency,
            valueFormatter: (cents: number | null) => (cents === null ? '' : formatMoneyFromCents(cents, currency.currency)),
          }))}
          skipAnimation
        />
      )}
    </ChartCard>
  );
}
