import { Transform } from 'class-transformer';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { rule } from '../validation/rule';
import { STUDENT_LIMITS } from '../students/student.messages';

const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** POST /api/student/login: the login's username or its email, and the password (docs/product/student-portal.md#sign-in). */
export class StudentLoginDto {
  @trimmed()
  @IsString(rule('STUDENT_LOGIN_REQUIRED'))
  @MinLength(1, rule('STUDENT_LOGIN_REQUIRED'))
  @MaxLength(255, rule('STUDENT_LOGIN_REQUIRED'))
  login: string;

  @IsString(rule('PASSWORD_REQUIRED'))
  @MinLength(1, rule('PASSWORD_REQUIRED'))
  @MaxLength(STUDENT_LIMITS.passwordMax, rule('ACCOUNT_PASSWORD_TOO_LONG'))
  password: string;
}

/** POST /api/student/password: the spec's student password rule (at least 6) for the new one. */
export class StudentChangePasswordDto {
  @IsString(rule('CURRENT_PASSWORD_REQUIRED'))
  @MinLength(1, rule('CURRENT_PASSWORD_REQUIRED'))
  @MaxLength(STUDENT_LIMITS.passwordMax, rule('ACCOUNT_PASSWORD_TOO_LONG'))
  currentPassword: string;

  @IsString(rule('ACCOUNT_PASSWORD_TOO_SHORT'))
  @MinLength(STUDENT_LIMITS.passwordMin, rule('ACCOUNT_PASSWORD_TOO_SHORT'))
  @MaxLength(STUDENT_LIMITS.passwordMax, rule('ACCOUNT_PASSWORD_TOO_LONG'))
  newPassword: string;
}

/** POST /api/student/reset: the token of the administrator's link and the new password. */
export class StudentResetPasswordDto {
  @IsString(rule('RESET_LINK_NOT_FOUND'))
  @MinLength(1, rule('RESET_LINK_NOT_FOUND'))
  @MaxLength(128, rule('RESET_LINK_NOT_FOUND'))
  token: string;

  @IsString(rule('ACCOUNT_PASSWORD_TOO_SHORT'))
  @MinLength(STUDENT_LIMITS.passwordMin, rule('ACCOUNT_PASSWORD_TOO_SHORT'))
  @MaxLength(STUDENT_LIMITS.passwordMax, rule('ACCOUNT_PASSWORD_TOO_LONG'))
  password: string;
}
