import { useEffect, useId } from 'react';

/** docs/product/public-site.md#toasts: one toast at a time, shown for 5000 ms. */
const TOAST_DURATION_MS = 5000;
/** Announced by a toast as it shows, so any other toast on the page steps aside (one at a time). */
const TOAST_SHOWN_EVENT = 'aipm:toast-shown';

export interface ToastMessage {
  /** Optional heading, e.g. "注册失败" before the server's message (docs/product/lead-capture.md#failure-messages). */
  title?: string;
  text: string;
  variant: 'default' | 'destructive';
}

export function Toast({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss: () => void }) {
  const id = useId();
  useEffect(() => {
    if (!toast) return;
    window.dispatchEvent(new CustomEvent(TOAST_SHOWN_EVENT, { detail: id }));
    const onOtherToast = (event: Event) => {
      if ((event as CustomEvent<string>).detail !== id) onDismiss();
    };
    window.addEventListener(TOAST_SHOWN_EVENT, onOtherToast);
    const timer = window.setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => {
      window.removeEventListener(TOAST_SHOWN_EVENT, onOtherToast);
      window.clearTimeout(timer);
    };
  }, [toast, onDismiss, id]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast ? (
        <p className={`toast toast--${toast.variant}`}>
          {toast.title ? <strong className="toast__title">{toast.title}</strong> : null}
          {toast.text}
        </p>
      ) : null}
    </div>
  );
}
