import ChatIcon from '@mui/icons-material/Chat';
import GroupIcon from '@mui/icons-material/Group';
import TodayIcon from '@mui/icons-material/Today';
import { Alert, Box, Card, CardContent, LinearProgress, Skeleton, Typography } from '@mui/material';
import { lazy, type ReactNode, Suspense } from 'react';
import { Title, useTranslate } from 'react-admin';
import { AGENDA_CARD_MIN_HEIGHT } from '../follow-ups/agendaCardHeight';
import { WhenNearScreen } from '../layout/WhenNearScreen';
import { withLaterWording } from '../sections/laterWording';
import { loadDashboardCharts } from './loadDashboardCharts';
import { type AdminStats, useAdminStats } from './useAdminStats';

const CARDS: ReadonlyArray<{ key: keyof AdminStats; labelKey: string; icon: ReactNode }> = [
  { key: 'totalRegistrations', labelKey: 'aipm.dashboard.stats.total_registrations', icon: <GroupIcon color="primary" /> },
  { key: 'totalMessages', labelKey: 'aipm.dashboard.stats.total_messages', icon: <ChatIcon color="primary" /> },
  { key: 'todayRegistrations', labelKey: 'aipm.dashboard.stats.today_registrations', icon: <TodayIcon color="primary" /> },
];

/**
 * The places of the cards below a phone's first screen (px, margins included): a little less than each card's own
 * height (the charts: their heading and first chart), so the page's length barely changes as they come.
 */
const PLACE_HEIGHTS = { guarantee: { xs: 270, sm: 140 }, backups: 170, charts: 400 } as const;

/**
 * The charts and their library are a chunk of their own, fetched after the cards
 * (docs/product/back-office.md#charts).
 */
const DashboardCharts = lazy(() => loadDashboardCharts().then((module) => ({ default: module.DashboardCharts })));

/**
 * 薪资保障's figures (docs/product/guarantee.md#dashboard): a chunk of the students section's, fetched after the cards
 * with that section's wording, which react-admin's chunk does not carry (sections/laterWording.ts).
 */
const GuaranteeCard = lazy(withLaterWording(() => import('../students/GuaranteeCard').then((module) => ({ default: module.GuaranteeCard }))));

/** 系统提醒 (docs/product/operations.md#on-the-dashboard): its own chunk, above the cards when anything needs the operator. */
const SystemAlertsBanner = lazy(() => import('./SystemAlertsBanner').then((module) => ({ default: module.SystemAlertsBanner })));

/** 今日待办 (docs/product/back-office.md#todays-list): the first card, its own chunk like the others. */
const TodayAgendaCard = lazy(() => import('../follow-ups/TodayAgendaCard').then((module) => ({ default: module.TodayAgendaCard })));

/** 线索跟进 (docs/product/back-office.md#first-contact-and-funnel): its own chunk, fetched after the cards. */
const LeadFollowUpCard = lazy(() => import('./LeadFollowUpCard').then((module) => ({ default: module.LeadFollowUpCard })));

/** 数据备份 (docs/product/backups.md#in-the-back-office): its own chunk, fetched after the cards. */
const BackupCard = lazy(() => import('../backups/BackupCard').then((module) => ({ default: module.BackupCard })));

/**
 * docs/product/back-office.md#stat-cards: three stat cards (registrations, consultation messages, registrations today
 * in Asia/Shanghai).
 */
export function Dashboard() {
  const translate = useTranslate();
  const { stats, failed } = useAdminStats();
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="aipm.dashboard.title" />
      {/* The page's one h1 (react-admin's app bar title is not a heading of the page); the charts' headings follow it. */}
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {translate('aipm.dashboard.title')}
      </Typography>
      <Suspense fallback={null}>
        <SystemAlertsBanner />
      </Suspense>
      <Suspense
        fallback={
          <Box sx={{ mb: 2, minHeight: AGENDA_CARD_MIN_HEIGHT }}>
            <LinearProgress aria-label={translate('ra.page.loading')} />
          </Box>
        }
      >
        <TodayAgendaCard />
      </Suspense>
      {failed && <Alert severity="error">{translate('aipm.dashboard.stats.load_failed')}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        {CARDS.map(({ key, labelKey, icon }) => (
          <StatCard key={key} label={translate(labelKey)} icon={icon} value={stats?.[key]} testId={`stat-${key}`} />
        ))}
      </Box>
      <Suspense fallback={<LinearProgress sx={{ mt: 2 }} aria-label={translate('ra.page.loading')} />}>
        <LeadFollowUpCard />
      </Suspense>
      {/* Below a phone's first screen: each drawn as it comes near (layout/WhenNearScreen.tsx). */}
      <WhenNearScreen minHeight={PLACE_HEIGHTS.guarantee} testId="guarantee-place">
        <Suspense fallback={null}>
          <GuaranteeCard />
        </Suspense>
      </WhenNearScreen>
      <WhenNearScreen minHeight={PLACE_HEIGHTS.backups} testId="backups-place">
        <Suspense fallback={null}>
          <BackupCard />
        </Suspense>
      </WhenNearScreen>
      <WhenNearScreen minHeight={PLACE_HEIGHTS.charts} testId="charts-place">
        <Suspense fallback={<LinearProgress sx={{ mt: 3 }} aria-label={translate('aipm.dashboard_charts.loading')} />}>
          <DashboardCharts />
        </Suspense>
      </WhenNearScreen>
    </Box>
  );
}

function StatCard({ label, icon, value, testId }: { label: string; icon: ReactNode; value?: number; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        {icon}
        <Box>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h4" component="p">
            {value ?? <Skeleton width={48} />}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
