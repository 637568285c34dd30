import { Transform } from 'class-transformer';
import { IsEmail, IsString, MinLength } from 'class-validator';
import { rule } from '../validation/rule';
import { ADMIN_PASSWORD_MIN_LENGTH } from './auth.messages';
import { normaliseEmail } from './email';

const NormalisedEmail = () => Transform(({ value }) => normaliseEmail(value));

/** POST /api/admin/register: the first administrator only (docs/product/validation.md#administrator-sign-up). */
export class RegisterAdminDto {
  @NormalisedEmail()
  @IsEmail({}, rule('INVALID_EMAIL'))
  email: string;

  @IsString(rule('PASSWORD_TOO_SHORT'))
  @MinLength(ADMIN_PASSWORD_MIN_LENGTH, rule('PASSWORD_TOO_SHORT'))
  password: string;
}

/** POST /api/admin/login (docs/product/validation.md#administrator-login). */
export class LoginDto {
  @NormalisedEmail()
  @IsEmail({}, rule('INVALID_EMAIL'))
  email: string;

  @IsString(rule('PASSWORD_REQUIRED'))
  @MinLength(1, rule('PASSWORD_REQUIRED'))
  password: string;
}

/** POST /api/admin/change-password (docs/product/validation.md#password-change). */
export class ChangePasswordDto {
  @IsString(rule('CURRENT_PASSWORD_REQUIRED'))
  @MinLength(1, rule('CURRENT_PASSWORD_REQUIRED'))
  currentPassword: string;

  @IsString(rule('NEW_PASSWORD_TOO_SHORT'))
  @MinLength(ADMIN_PASSWORD_MIN_LENGTH, rule('NEW_PASSWORD_TOO_SHORT'))
  newPassword: string;
}
