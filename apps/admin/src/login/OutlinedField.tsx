import { FormControl, InputLabel, OutlinedInput } from '@mui/material';
import type { ReactNode } from 'react';

interface OutlinedFieldProps {
  /** Also the input's id, which the label points at. */
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  value: string;
  onChange(value: string): void;
  autoComplete: string;
  autoFocus?: boolean;
  required?: boolean;
  endAdornment?: ReactNode;
}

/**
 * MUI's outlined, full-width TextField, built from the parts TextField renders (same DOM, classes and label
 * link). TextField itself imports Select, and with it Menu, Popover and Modal, for its `select` mode: code
 * the login page (the first load of the back office, tools/admin-first-load.int-spec.ts) never runs.
 */
export function OutlinedField({ name, label, type, value, onChange, autoComplete, autoFocus, required, endAdornment }: OutlinedFieldProps) {
  return (
    <FormControl className="MuiTextField-root" required={required} fullWidth margin="normal">
      <InputLabel htmlFor={name} id={`${name}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={name}
        name={name}
        label={label}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        endAdornment={endAdornment}
      />
    </FormControl>
  );
}
