import { type AdminCheckResponse, type AdminSessionResponse, AUTH_MESSAGES, type AuthResultResponse } from '@aipm/contracts';
import type { ChangePasswordDto, LoginDto, RegisterAdminDto } from '@aipm/contracts/dto';
import { boolean, constant, recordSchema, text } from '../../common/openapi/schemas';

/* The administrator sign-in routes' shapes and examples; ADR 022. */

export const ADMIN_CHECK = recordSchema<AdminCheckResponse>('AdminCheckResponse', { success: constant(true), hasAdmin: boolean(true) });

export const ADMIN_SESSION = recordSchema<AdminSessionResponse>('AdminSessionResponse', {
  success: constant(true),
  email: text('admin@example.com'),
  mustChangePassword: boolean(false, 'true until the first administrator changes the password set at start-up'),
});

export const AUTH_RESULT = recordSchema<AuthResultResponse>(
  'AuthResultResponse',
  { success: constant(true), message: text(AUTH_MESSAGES.loggedIn), email: text('admin@example.com') },
  { optional: ['message', 'email'], description: 'register, login (with email), logout, change-password (message only), verify (success only)' },
);

export const REGISTER_ADMIN_BODY: RegisterAdminDto = { email: 'admin@example.com', password: 'a-long-passphrase-2026' };
export const LOGIN_BODY: LoginDto = { email: 'admin@example.com', password: 'a-long-passphrase-2026' };
export const CHANGE_PASSWORD_BODY: ChangePasswordDto = { currentPassword: 'a-long-passphrase-2026', newPassword: 'another-long-passphrase-2027' };
