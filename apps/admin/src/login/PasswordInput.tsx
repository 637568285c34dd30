import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment } from '@mui/material';
import { useState } from 'react';

import { OutlinedField } from './OutlinedField';

interface PasswordInputProps {
  name: string;
  /** The caller's translate (react-admin's or the login page's): this field stays free of react-admin. */
  translate(key: string): string;
  label: string;
  value: string;
  onChange(value: string): void;
  autoComplete: 'current-password' | 'new-password';
  autoFocus?: boolean;
}

/** A password field with its show/hide toggle (docs/product/back-office.md#sign-in-page). */
export function PasswordInput({ name, translate, label, value, onChange, autoComplete, autoFocus }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const toggleLabel = translate(visible ? 'aipm.login.hide_password' : 'aipm.login.show_password');
  return (
    <OutlinedField
      name={name}
      label={label}
      type={visible ? 'text' : 'password'}
      value={value}
      onChange={onChange}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      endAdornment={
        <InputAdornment position="end">
          <IconButton aria-label={`${toggleLabel}: ${label}`} onClick={() => setVisible((shown) => !shown)} edge="end">
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
