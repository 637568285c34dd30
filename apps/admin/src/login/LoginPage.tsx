import { ADMIN_PASSWORD_MIN_LENGTH } from '@aipm/contracts';
import { Box, Button, Card, CardContent, CircularProgress, Link, Typography } from '@mui/material';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AdminApiError, adminApi } from '../auth/adminApi';
import { rememberSignInPassword } from '../auth/initialPassword';
import { errorKey } from '../i18n/error-key';
import { currentLocale } from '../i18n/locale';
import { isLoginErrorCode } from '../i18n/login-error-messages';
import { createTranslate, type Translate } from '../i18n/translate';
import { showToast, type ToastType } from '../toast/toasts';
import { OutlinedField } from './OutlinedField';
import { PasswordInput } from './PasswordInput';

type Mode = 'checking' | 'register' | 'login';

/**
 * docs/product/back-office.md#sign-in-page: after success the toast shows for one second before the dashboard opens.
 */
const REDIRECT_DELAY_MS = 1000;

/** The login page's toasts, translated here (react-admin's notify translated its keys itself). */
function useLoginI18n() {
  // The language react-admin would show (stored choice, `lng` cookie, zh); <html lang> follows, as there.
  const locale = useMemo(() => currentLocale(), []);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return useMemo(() => {
    const translate = createTranslate(locale);
    const notify = (key: string, options: { type: ToastType; messageArgs?: Record<string, string> }) =>
      showToast(translate(key, options.messageArgs), options.type);
    return { translate, notify };
  }, [locale]);
}

/**
 * /admin/login: asks /api/admin/check, then either creates the first administrator (email, password,
 * confirmation) or signs in (email, password). Client checks and toasts follow
 * docs/product/back-office.md#first-administrator and docs/product/back-office.md#sign-in-messages.
 *
 * Rendered outside <Admin> and without react-admin, so the first load stays small (ADR 040); react-admin
 * boots after sign-in, when the page moves to the dashboard.
 */
export function LoginPage() {
  const { translate, notify } = useLoginI18n();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('checking');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => {
    let active = true;
    adminApi.check().then(
      (answer) => active && setMode(answer.hasAdmin ? 'login' : 'register'),
      () => {
        if (!active) return;
        notify('aipm.login.toast.check_failed', { type: 'error' });
        setMode('login');
      },
    );
    return () => {
      active = false;
      clearTimeout(redirectTimer.current);
    };
  }, [notify]);

  const succeed = (message: string) => {
    notify(message, { type: 'success' });
    // A client-side move (not a page load): <Admin> mounts fresh with the new session, and the password kept
    // by rememberSignInPassword (module memory) survives for the first-time dialog.
    redirectTimer.current = setTimeout(() => navigate('/admin/'), REDIRECT_DELAY_MS);
  };

  const failWith = (error: unknown, key: 'login_failed' | 'register_failed') => {
    if (error instanceof AdminApiError && error.status === 0) {
      notify('aipm.login.toast.network', { type: 'error' });
      return;
    }
    // Only the common and auth codes ship with this page (login-error-messages.ts); any other code reads as the default.
    const code = error instanceof AdminApiError ? error.code : undefined;
    const message = isLoginErrorCode(code) ? translate(errorKey(code)) : translate(`aipm.login.toast.${key}_default`);
    notify(`aipm.login.toast.${key}`, { type: 'error', messageArgs: { message } });
  };

  const register = async () => {
    // Client checks of docs/product/back-office.md#first-administrator (create mode only), in its order.
    if (password !== confirmation) return notify('aipm.login.toast.mismatch', { type: 'error' });
    if (password.length < ADMIN_PASSWORD_MIN_LENGTH) return notify('aipm.login.toast.too_short', { type: 'error' });
    try {
      await adminApi.register(email, password);
      succeed('aipm.login.toast.register_success');
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 403) {
        // Someone else created the administrator meanwhile: switch to login, with its toast
        // (docs/product/back-office.md#first-administrator).
        notify('aipm.login.toast.admin_exists', { type: 'warning' });
        setMode('login');
        setConfirmation('');
        return;
      }
      failWith(error, 'register_failed');
    }
  };

  const login = async () => {
    try {
      await adminApi.login(email, password);
      rememberSignInPassword(password);
      succeed('aipm.login.toast.login_success');
    } catch (error) {
      failWith(error, 'login_failed');
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!email.trim() || !password) return notify('aipm.login.toast.required', { type: 'error' });
    setSubmitting(true);
    try {
      await (mode === 'register' ? register() : login());
    } finally {
      setSubmitting(false);
    }
  };

  const registering = mode === 'register';
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent>
          {mode === 'checking' ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
              <CircularProgress size={24} />
              <Typography>{translate('aipm.login.checking')}</Typography>
            </Box>
          ) : (
            <Box component="form" noValidate onSubmit={onSubmit}>
              <Typography variant="h5" component="h1" gutterBottom>
                {translate(registering ? 'aipm.login.register_title' : 'aipm.login.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate(registering ? 'aipm.login.register_hint' : 'aipm.login.login_hint')}
              </Typography>
              <OutlinedField
                name="email"
                type="email"
                label={translate('aipm.login.email')}
                value={email}
                onChange={setEmail}
                autoComplete="email"
                required
                autoFocus
              />
              <PasswordFields
                translate={translate}
                registering={registering}
                password={password}
                confirmation={confirmation}
                onPassword={setPassword}
                onConfirmation={setConfirmation}
              />
              <Button type="submit" variant="contained" fullWidth size="large" disabled={submitting} sx={{ mt: 2 }}>
                {translate(registering ? 'aipm.login.submit_register' : 'aipm.login.submit_login')}
              </Button>
            </Box>
          )}
          <Box sx={{ mt: 2, textAlign: 'center' }}>
            <Link href="/">{translate('aipm.back_to_site')}</Link>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

interface PasswordFieldsProps {
  translate: Translate;
  registering: boolean;
  password: string;
  confirmation: string;
  onPassword(value: string): void;
  onConfirmation(value: string): void;
}

function PasswordFields({ translate, registering, password, confirmation, onPassword, onConfirmation }: PasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        name="password"
        translate={translate}
        label={translate('aipm.login.password')}
        value={password}
        onChange={onPassword}
        autoComplete={registering ? 'new-password' : 'current-password'}
      />
      {registering && (
        <PasswordInput
          name="confirmPassword"
          translate={translate}
          label={translate('aipm.login.confirm_password')}
          value={confirmation}
          onChange={onConfirmation}
          autoComplete="new-password"
        />
      )}
    </>
  );
}
