import { Alert, Snackbar } from '@mui/material';
import { useSyncExternalStore } from 'react';

import { currentToast, dismissToast, subscribeToasts } from './toasts';

/** react-admin's default notification duration, so both kinds of toast last the same. */
const AUTO_HIDE_MS = 4000;

/** Renders the outer app's toast (see toasts.ts) as an MUI Snackbar, like react-admin's notifications. */
export function ToastHost() {
  const toast = useSyncExternalStore(subscribeToasts, currentToast, currentToast);
  if (!toast) return null;
  const close = () => dismissToast(toast.id);
  return (
    <Snackbar
      key={toast.id}
      open
      autoHideDuration={AUTO_HIDE_MS}
      onClose={(_event, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={toast.type} variant="filled" sx={{ width: '100%' }}>
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
