import { Transform } from 'class-transformer';
import { IsEmail, IsString, MinLength } from 'class-validator';
import { ADMIN_PASSWORD_MIN_LENGTH, AUTH_MESSAGES } from './auth.messages';

/** Emails are unique as stored: trimmed and lower-cased before saving and before looking up. */
export function normaliseEmail(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().toLowerCase() : value;
}

const NormalisedEmail = () => Transform(({ value }) => normaliseEmail(value));

/** POST /api/admin/register: the first administrator only (spec §5 sign-up). */
export class RegisterAdminDto {
  @NormalisedEmail()
  @IsEmail({}, { message: AUTH_MESSAGES.invalidEmail })
  email: string;

  @IsString({ message: AUTH_MESSAGES.passwordTooShort })
  @MinLength(ADMIN_PASSWORD_MIN_LENGTH, { message: AUTH_MESSAGES.passwordTooShort })
  password: string;
}

/** POST /api/admin/login (spec §5 login). */
export class LoginDto {
  @NormalisedEmail()
  @IsEmail({}, { message: AUTH_MESSAGES.invalidEmail })
  email: string;

  @IsString({ message: AUTH_MESSAGES.passwordRequired })
  @MinLength(1, { message: AUTH_MESSAGES.passwordRequired })
  password: string;
}

/** POST /api/admin/change-password (spec §5 server-side rules). */
export class ChangePasswordDto {
  @IsString({ message: AUTH_MESSAGES.currentPasswordRequired })
  @MinLength(1, { message: AUTH_MESSAGES.currentPasswordRequired })
  currentPassword: string;

  @IsString({ message: AUTH_MESSAGES.newPasswordTooShort })
  @MinLength(ADMIN_PASSWORD_MIN_LENGTH, { message: AUTH_MESSAGES.newPasswordTooShort })
  newPassword: string;
}
