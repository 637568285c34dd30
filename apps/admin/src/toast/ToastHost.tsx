import { useSyncExternalStore } from 'react';

import { currentLocale } from '../i18n/locale';
import { createTranslate } from '../i18n/translate';
import { ToastSnackbar } from './ToastSnackbar';
import { currentToast, dismissToast, subscribeToasts } from './toasts';

/** Renders the outer app's toast (see toasts.ts) the way react-admin's notifications show (ToastSnackbar). */
export function ToastHost() {
  const toast = useSyncExternalStore(subscribeToasts, currentToast, currentToast);
  if (!toast) return null;
  return (
    <ToastSnackbar
      key={toast.id}
      open
      message={toast.message}
      type={toast.type}
      // Read when the toast shows: the administrator may have switched language since the page loaded.
      label={createTranslate(currentLocale())('aipm.toast_region')}
      onClose={() => dismissToast(toast.id)}
    />
  );
}
