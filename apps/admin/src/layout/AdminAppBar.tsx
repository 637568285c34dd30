import KeyIcon from '@mui/icons-material/Key';
import LogoutIcon from '@mui/icons-material/Logout';
import { Box, Button, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { AppBar, LoadingIndicator, TitlePortal, useGetIdentity, useLogout, useNotify, useTranslate } from 'react-admin';
import { adminApi } from '../auth/adminApi';
import type { AdminIdentity } from '../auth/authProvider';
import { showToast } from '../toast/toasts';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { HidesOnScroll } from './HidesOnScroll';
import { LanguageMenuButton } from './LanguageMenuButton';

/** Icon-only below 600 px so the header fits a phone; the label stays as the accessible name. */
const compactLabel = { '& .label': { display: { xs: 'none', sm: 'inline' } }, minWidth: 0 };

/**
 * The header of docs/product/back-office.md#header: welcome line with the email, change-password (first-time variant)
 * and logout.
 */
export function AdminAppBar() {
  const translate = useTranslate();
  const { identity, refetch } = useGetIdentity();
  const admin = identity as AdminIdentity | undefined;
  const [dialog, setDialog] = useState<'closed' | 'change' | 'first-time'>('closed');

  // First sign-in after ADMIN_INITIAL_PASSWORD seeded the account: the set-password dialog opens by itself.
  useEffect(() => {
    if (admin?.mustChangePassword) setDialog('first-time');
  }, [admin?.mustChangePassword]);

  return (
    // react-admin's default bar (secondary.main, #2196f3) gives white text 3.1:1; its dark shade gives 5.6:1 (WCAG AA, axe).
    // The refresh button (react-admin's, 刷新) reads the open screen again: nothing else does but an action
    // (docs/product/back-office.md#no-retries-and-no-polling).
    <AppBar
      userMenu={false}
      container={HidesOnScroll}
      toolbar={
        <>
          <LanguageMenuButton />
          <LoadingIndicator />
        </>
      }
      sx={{ bgcolor: 'secondary.dark' }}
    >
      {/* On a phone the page title and the welcome line share the room in two rows instead of squeezing the title. */}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'flex-start', sm: 'center' } }}>
        <TitlePortal noWrap sx={{ flex: { sm: 1 }, minWidth: 0, maxWidth: '100%', fontSize: { xs: '1rem', sm: undefined } }} />
        {admin && (
          <Typography variant="body2" noWrap sx={{ mx: { sm: 1 }, maxWidth: '100%', opacity: { xs: 0.9, sm: 1 } }} data-testid="welcome">
            {translate('aipm.dashboard.welcome', { email: admin.email })}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <Button color="inherit" startIcon={<KeyIcon />} onClick={() => setDialog('change')} aria-label={translate('aipm.password.button')} sx={compactLabel}>
          <span className="label">{translate('aipm.password.button')}</span>
        </Button>
        <LogoutButton />
      </Box>
      <ChangePasswordDialog
        open={dialog !== 'closed'}
        firstTime={dialog === 'first-time'}
        onClose={() => setDialog('closed')}
        onChanged={() => {
          setDialog('closed');
          void refetch();
        }}
      />
    </AppBar>
  );
}

function LogoutButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const logout = useLogout();
  const onClick = async () => {
    try {
      await adminApi.logout();
    } catch {
      notify('aipm.logout.failed', { type: 'error' });
      return;
    }
    // The outer app's toast: react-admin's own would vanish with <Admin> when the login route takes over.
    showToast(translate('aipm.logout.success'), 'success');
    // react-admin clears its query cache and store, then goes to /admin/login.
    await logout();
  };
  return (
    <Button color="inherit" startIcon={<LogoutIcon />} onClick={onClick} aria-label={translate('aipm.logout.button')} sx={compactLabel}>
      <span className="label">{translate('aipm.logout.button')}</span>
    </Button>
  );
}
