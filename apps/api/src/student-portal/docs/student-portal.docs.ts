import { type ResetLinkResponse, STUDENT_PAGES, STUDENT_PORTAL_MESSAGES, type StudentSessionResponse } from '@aipm/contracts';
import type { StudentChangePasswordDto, StudentLoginDto, StudentResetPasswordDto } from '@aipm/contracts/dto';
import { constant, dateTime, object, recordSchema, text } from '../../common/openapi/schemas';

/* The student realm's shapes and examples (ADR 022, ADR 061). */

export const STUDENT_SESSION = recordSchema<StudentSessionResponse>(
  'StudentSessionResponse',
  {
    success: constant(true),
    message: text(STUDENT_PORTAL_MESSAGES.loggedIn),
    data: object({ username: text('zhangsan'), name: text('张三') }, 'The signed-in student'),
  },
  { optional: ['message'], description: 'login (with message), session' },
);

export const STUDENT_RESULT = recordSchema<{ success: true; message: string }>('StudentResultResponse', {
  success: constant(true),
  message: text(STUDENT_PORTAL_MESSAGES.passwordChanged),
});

export const RESET_LINK = recordSchema<ResetLinkResponse>('ResetLinkResponse', {
  success: constant(true),
  message: text(STUDENT_PORTAL_MESSAGES.resetLinkCreated),
  data: object({ path: text(`${STUDENT_PAGES.resetPrefix}q3v9Xb2…`, 'Site-relative; shown once, never stored'), expiresAt: dateTime() }),
});

export const STUDENT_LOGIN_BODY: StudentLoginDto = { login: 'zhangsan', password: 'student-pass-1' };
export const STUDENT_PASSWORD_BODY: StudentChangePasswordDto = { currentPassword: 'student-pass-1', newPassword: 'student-pass-2' };
export const STUDENT_RESET_BODY: StudentResetPasswordDto = { token: 'q3v9Xb2kLr8…', password: 'student-pass-2' };
