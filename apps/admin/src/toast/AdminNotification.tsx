import { Button } from '@mui/material';
import { isValidElement, useEffect, useState } from 'react';
import { CloseNotificationContext, type NotificationPayload, useNotificationContext, useTakeUndoableMutation, useTranslate } from 'react-admin';

import { ToastSnackbar } from './ToastSnackbar';
import type { ToastType } from './toasts';

/**
 * react-admin's notifications (useNotify) in the back office's toast (ToastSnackbar), given to <Admin notification>.
 * Does what react-admin's own <Notification> does (translated message, undo button, an undoable change sent when its
 * toast closes) but one at a time: a new notification replaces the one shown instead of queueing behind it.
 */
export function AdminNotification() {
  const translate = useTranslate();
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const [current, setCurrent] = useState<NotificationPayload>();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!notifications.length) return;
    // The shown one leaves first; the next is taken once it has gone (onExited).
    if (current) setOpen(false);
    else {
      setCurrent(takeNotification() || undefined);
      setOpen(true);
    }
  }, [notifications, current, takeNotification]);

  if (!current) return null;
  const { message, type, notificationOptions: { autoHideDuration, messageArgs, undoable } = {} } = current;
  const settleUndoable = (isUndo: boolean) => {
    if (undoable) takeMutation()?.({ isUndo });
  };
  return (
    <CloseNotificationContext.Provider value={() => setOpen(false)}>
      <ToastSnackbar
        open={open}
        message={typeof message === 'string' ? translate(message, messageArgs) : isValidElement(message) ? <div>{message}</div> : null}
        type={(type as ToastType | undefined) ?? 'info'}
        label={translate('aipm.toast_region')}
        // undefined: the default 5 s; null or 0: until closed (react-admin's notify options).
        autoHideDuration={autoHideDuration === undefined ? undefined : autoHideDuration || null}
        onClose={() => setOpen(false)}
        onExited={() => {
          settleUndoable(false);
          setCurrent(undefined);
        }}
        action={
          undoable ? (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                settleUndoable(true);
                setCurrent({ ...current, notificationOptions: { ...current.notificationOptions, undoable: false } });
                setOpen(false);
              }}
            >
              {translate('ra.action.undo')}
            </Button>
          ) : null
        }
      />
    </CloseNotificationContext.Provider>
  );
}
