import { useEffect } from 'react';

/** Spec §9: one toast at a time, shown for 5000 ms. */
export const TOAST_DURATION_MS = 5000;

export interface ToastMessage {
  text: string;
  variant: 'default' | 'destructive';
}

export function Toast({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss: () => void }) {
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast, onDismiss]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast ? <p className={`toast toast--${toast.variant}`}>{toast.text}</p> : null}
    </div>
  );
}
