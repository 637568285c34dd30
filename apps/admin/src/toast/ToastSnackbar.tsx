import { Snackbar, SnackbarContent } from '@mui/material';
import { type PointerEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

import type { ToastType } from './toasts';

/** docs/product/back-office.md#toasts: each toast shows 5,000 ms, as on the public site. */
export const TOAST_DURATION_MS = 5000;
/** A toast dragged this far to the right and let go is dismissed. */
export const SWIPE_DISMISS_PX = 50;
/** Announced by a toast as it shows, so the other kind of toast steps aside: one at a time (as apps/web's Toast). */
const TOAST_SHOWN_EVENT = 'aipm:admin-toast-shown';

/** react-admin's notification colours, so both kinds of toast look alike. */
const BACKGROUND: Record<ToastType, string | undefined> = { success: 'success.main', error: 'error.main', warning: 'warning.main', info: undefined };

export interface ToastSnackbarProps {
  open: boolean;
  message: ReactNode;
  type: ToastType;
  /** The region's accessible name, "Notifications (F8)" in the page's language. */
  label: string;
  onClose: () => void;
  onExited?: () => void;
  action?: ReactNode;
  /** null keeps it until it is closed (react-admin's notify option). */
  autoHideDuration?: number | null;
}

/**
 * One toast of the back office, whichever part raised it (toasts.ts for the login page and the header,
 * react-admin's notify for the sections): shown 5,000 ms, bottom centre, at most 420 px wide from 768 px up, gone
 * when another toast shows, dismissed by a swipe of 50 px to the right, and reached from the keyboard with F8
 * (focus returns where it was once it closes). A click elsewhere leaves it: it stays its 5 seconds.
 */
export function ToastSnackbar({ open, message, type, label, onClose, onExited, action, autoHideDuration = TOAST_DURATION_MS }: ToastSnackbarProps) {
  const id = useId();
  const region = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  /** Where the pointer went down on the toast, and how far right it has moved since. */
  const swipe = useRef<{ from: number; by: number }>();
  const [offset, setOffset] = useState(0);

  useEffect(() => {
    if (!open) return;
    window.dispatchEvent(new CustomEvent(TOAST_SHOWN_EVENT, { detail: id }));
    let focusedFrom: Element | null = null;
    const onOtherToast = (event: Event) => (event as CustomEvent<string>).detail !== id && onCloseRef.current();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      event.preventDefault();
      focusedFrom = document.activeElement;
      region.current?.focus();
    };
    window.addEventListener(TOAST_SHOWN_EVENT, onOtherToast);
    window.addEventListener('keydown', onKeyDown);
    const node = region.current;
    return () => {
      window.removeEventListener(TOAST_SHOWN_EVENT, onOtherToast);
      window.removeEventListener('keydown', onKeyDown);
      // Focus still on the toast, or lost with it as it left the page: back to where F8 was pressed.
      const active = document.activeElement;
      if (focusedFrom instanceof HTMLElement && (active === document.body || node?.contains(active))) focusedFrom.focus();
    };
  }, [open, id]);

  const endSwipe = (dismiss: boolean) => {
    const by = swipe.current?.by ?? 0;
    swipe.current = undefined;
    if (dismiss && by >= SWIPE_DISMISS_PX) onClose();
    else setOffset(0);
  };

  return (
    <Snackbar
      ref={region}
      open={open}
      role="region"
      aria-label={label}
      tabIndex={-1}
      autoHideDuration={autoHideDuration}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      slotProps={{ transition: { onExited } }}
    >
      <SnackbarContent
        message={message}
        action={action}
        onPointerDown={(event: PointerEvent) => {
          swipe.current = { from: event.clientX, by: 0 };
        }}
        onPointerMove={(event: PointerEvent) => {
          if (!swipe.current) return;
          swipe.current.by = Math.max(0, event.clientX - swipe.current.from);
          setOffset(swipe.current.by);
        }}
        onPointerUp={() => endSwipe(true)}
        onPointerCancel={() => endSwipe(false)}
        sx={{
          bgcolor: BACKGROUND[type],
          touchAction: 'pan-y',
          transform: offset ? `translateX(${offset}px)` : undefined,
          '@media (min-width: 768px)': { maxWidth: 420 },
        }}
      />
    </Snackbar>
  );
}
