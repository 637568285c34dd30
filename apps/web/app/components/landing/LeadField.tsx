import type { ReactNode } from 'react';
import { PHONE_INPUT_PATTERN } from '@aipm/contracts';

import { useTranslation } from '~/i18n/TranslationProvider';
import { fieldIds, HONEYPOT_FIELD, type LeadIntent } from '~/leads/lead-form';

interface FieldProps {
  intent: LeadIntent;
  name: string;
  label: string;
  required?: boolean;
  /** The message of the field's first failing rule, shown beside it. */
  error?: string;
  defaultValue?: string;
}

/** Label, control and message of one form field; the control is tied to its message (aria-describedby). */
function FieldShell({ intent, name, label, required, error, children }: Omit<FieldProps, 'defaultValue'> & { children: ReactNode }) {
  const ids = fieldIds(intent, name);
  return (
    <div className="form__field">
      <label htmlFor={ids.input}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {error ? (
        <p id={ids.error} className="form__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function controlProps({ intent, name, required, error, defaultValue }: FieldProps) {
  const ids = fieldIds(intent, name);
  return {
    id: ids.input,
    name,
    required,
    defaultValue: defaultValue ?? '',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? ids.error : undefined,
  };
}

/** A tel field carries the phone rules as its pattern, so the form knows a wrong number before the agreement. */
export function LeadInput(props: FieldProps & { type?: 'text' | 'tel' | 'email'; autoComplete?: string }) {
  const { type = 'text', autoComplete, ...field } = props;
  return (
    <FieldShell {...field}>
      <input type={type} autoComplete={autoComplete} pattern={type === 'tel' ? PHONE_INPUT_PATTERN : undefined} {...controlProps(field)} />
    </FieldShell>
  );
}

export function LeadTextarea(props: FieldProps & { rows: number }) {
  const { rows, ...field } = props;
  return (
    <FieldShell {...field}>
      <textarea rows={rows} {...controlProps(field)} />
    </FieldShell>
  );
}

export function LeadSelect(props: FieldProps & { children: ReactNode }) {
  const { children, ...field } = props;
  return (
    <FieldShell {...field}>
      <select {...controlProps(field)}>{children}</select>
    </FieldShell>
  );
}

/** The honeypot: off-screen, out of the tab order and of the accessibility tree; people never fill it. */
export function Honeypot() {
  const { t } = useTranslation();
  return (
    <div className="form__trap" aria-hidden="true">
      <label>
        {t('leadForms.honeypot')}
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
