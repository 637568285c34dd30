import { STUDENT_PAGES, STUDENT_PORTAL_PATHS } from '@aipm/contracts';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';

import { requestTranslator } from '~/i18n/translations.server';
import { useTranslation } from '~/i18n/TranslationProvider';
import { callStudentApi, field, studentHeaders } from '~/student/student-api.server';
import { studentError } from '~/student/student-errors';
import { studentPageHeaders } from '~/student/student-headers';
import { StudentField, StudentFrame } from '~/student/StudentFrame';

/** The signed-in student's page (later items add the cohort, contracts and payments here). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await callStudentApi(request, context, STUDENT_PORTAL_PATHS.session);
  if (session.status !== 200 || !session.body.data) throw redirect(STUDENT_PAGES.signIn, { headers: studentHeaders() });
  const { t } = await requestTranslator(request);
  return data({ title: t('student.home.title'), student: session.body.data }, { headers: studentHeaders() });
}

/** Sign-out and the password change (`intent` tells them apart). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const { t } = await requestTranslator(request);
  if (field(form, 'intent') === 'logout') {
    const answer = await callStudentApi(request, context, STUDENT_PORTAL_PATHS.logout, {});
    throw redirect(STUDENT_PAGES.signIn, { headers: studentHeaders(answer.setCookies) });
  }
  if (field(form, 'newPassword') !== field(form, 'confirmPassword')) return data({ error: studentError(t, 'PASSWORDS_DIFFER'), done: false }, { status: 400, headers: studentHeaders() });
  const answer = await callStudentApi(request, context, STUDENT_PORTAL_PATHS.password, { currentPassword: field(form, 'currentPassword'), newPassword: field(form, 'newPassword') });
  if (answer.status === 401) throw redirect(STUDENT_PAGES.signIn, { headers: studentHeaders() });
  if (answer.status !== 200) return data({ error: studentError(t, answer.body.code), done: false }, { status: answer.status, headers: studentHeaders() });
  // The API gave this browser a new session id: pass the new cookie on.
  return data({ error: null, done: true }, { headers: studentHeaders(answer.setCookies) });
}

export const headers = studentPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title ?? '' }, { name: 'robots', content: 'noindex' }];

export default function StudentHome() {
  const { t } = useTranslation();
  const { student } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <StudentFrame title={t('student.home.greeting', { name: student.name })}>
      <Form method="post">
        <input type="hidden" name="intent" value="logout" />
        <button type="submit">{t('student.home.signOut')}</button>
      </Form>
      <h2>{t('student.home.changePassword')}</h2>
      <Form method="post">
        <input type="hidden" name="intent" value="password" />
        {result?.error ? <p role="alert">{result.error}</p> : null}
        {result?.done ? <p role="status">{t('student.home.passwordChanged')}</p> : null}
        <StudentField name="currentPassword" type="password" label={t('student.home.currentPassword')} autoComplete="current-password" />
        <StudentField name="newPassword" type="password" label={t('student.home.newPassword')} autoComplete="new-password" />
        <StudentField name="confirmPassword" type="password" label={t('student.home.confirmPassword')} autoComplete="new-password" />
        <button type="submit" style={{ width: '100%', padding: '0.75rem', fontSize: '1rem' }}>
          {t('student.home.save')}
        </button>
      </Form>
    </StudentFrame>
  );
}
