import { useActionData, useFetcher } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';

import type { ToastMessage } from '~/components/Toast';
import type { LeadFormResult, LeadIntent } from '~/leads/lead-form';

/**
 * State of one lead form (idle → submitting → success with reset, or an error notice:
 * docs/product/lead-capture.md#outcomes). With JavaScript the form goes through a fetcher, so the page stays;
 * without it the browser posts and the action's answer comes back as the page's action data, which seeds the
 * same state.
 */
export function useLeadForm(intent: LeadIntent, { onSuccess }: { onSuccess?: () => void } = {}) {
  const fetcher = useFetcher<LeadFormResult>();
  const actionData = useActionData<LeadFormResult>();
  const served = actionData?.intent === intent ? actionData : undefined;

  const [toast, setToast] = useState<ToastMessage | null>(served?.toast ?? null);
  // The values a page rendered without JavaScript keeps; cleared with the form after a success.
  const [defaults, setDefaults] = useState<Partial<Record<string, string>>>(served?.values ?? {});
  // Remounts the form after a success: every field back to empty, whatever the browser autofilled.
  const [formKey, setFormKey] = useState(0);
  const handled = useRef<unknown>(undefined);
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;

  const data = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== 'idle' || !data || handled.current === data) return;
    handled.current = data;
    setToast(data.toast);
    if (data.ok) {
      setDefaults({});
      setFormKey((key) => key + 1);
      onSuccessRef.current?.();
    }
  }, [fetcher.state, data]);

  const dismissToast = useCallback(() => setToast(null), []);
  const result = data ?? served;
  return {
    fetcher,
    busy: fetcher.state !== 'idle',
    errors: result && !result.ok ? result.errors : {},
    defaults,
    formKey,
    toast,
    dismissToast,
  };
}
