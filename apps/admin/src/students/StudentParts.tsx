import { type StudentStatus, STUDENT_STATUSES } from '@aipm/contracts';
import InboxIcon from '@mui/icons-material/Inbox';
import { Box, Chip, type ChipProps, Tab, Tabs, Typography } from '@mui/material';
import { CreateButton, useBasename, useTranslate } from 'react-admin';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

const STATUS_COLORS: Record<StudentStatus, ChipProps['color']> = {
  active: 'success',
  graduated: 'primary',
  suspended: 'warning',
  withdrawn: 'default',
};

/** docs/product/students.md#status-badge: any value outside the list reads as withdrawn (退学). */
export function StudentStatusBadge({ status }: { status: string }) {
  const translate = useTranslate();
  const known: StudentStatus = (STUDENT_STATUSES as readonly string[]).includes(status) ? (status as StudentStatus) : 'withdrawn';
  return <Chip size="small" color={STATUS_COLORS[known]} label={translate(`aipm.students.status.${known}`)} data-testid="student-status" />;
}

const TABS = [
  { path: '/students', key: 'students' },
  { path: '/contracts', key: 'contracts' },
  { path: '/student-accounts', key: 'accounts' },
  { path: '/cohorts', key: 'cohorts' },
  { path: '/guarantee', key: 'guarantee' },
  { path: '/outcomes-report', key: 'report' },
] as const;

/**
 * The six sub-tabs of 学员管理 (docs/product/students.md#section-layout): each is its own react-admin resource under
 * one menu entry.
 */
export function StudentTabs() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  // react-admin sits under /admin inside the outer router: links carry its basename.
  const basename = useBasename();
  const current = TABS.find((tab) => pathname.includes(tab.path))?.path ?? '/students';
  return (
    // A one-column grid whose column may shrink to nothing: six tabs are wider than a phone, and the tab bar must
    // scroll within the page rather than widen it (a wider page makes a phone zoom the whole back office out).
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', mb: 1 }}>
      <Tabs value={current} aria-label={translate('aipm.menu.students')} variant="scrollable" allowScrollButtonsMobile>
        {TABS.map((tab) => (
          <Tab key={tab.path} value={tab.path} label={translate(`aipm.students.tabs.${tab.key}`)} component={Link} to={`${basename}${tab.path}`} />
        ))}
      </Tabs>
    </Box>
  );
}

/** A list with no record yet: its empty text, and the way to add the first one. */
export function StudentEmpty({ textKey, add }: { textKey: string; add?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 8, px: 2, textAlign: 'center', color: 'text.secondary' }} data-testid="student-empty">
      <InboxIcon sx={{ fontSize: 64, opacity: 0.5 }} />
      <Typography variant="h6" component="p">
        {translate(textKey)}
      </Typography>
      <Box sx={{ mt: 2 }}>{add ?? <CreateButton variant="contained" />}</Box>
    </Box>
  );
}
