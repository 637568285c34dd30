import { STUDENT_PAGES, STUDENT_PORTAL_PATHS } from '@aipm/contracts';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node';
import { Form, useActionData, useNavigation } from '@remix-run/react';

import { requestTranslator } from '~/i18n/translations.server';
import { useTranslation } from '~/i18n/TranslationProvider';
import { callStudentApi, field, studentHeaders } from '~/student/student-api.server';
import { studentError } from '~/student/student-errors';
import { studentPageHeaders } from '~/student/student-headers';
import { StudentField, StudentFrame } from '~/student/StudentFrame';

/** Signed in already: straight to the student's page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await callStudentApi(request, context, STUDENT_PORTAL_PATHS.session);
  if (session.status === 200) throw redirect(STUDENT_PAGES.home, { headers: studentHeaders() });
  const { t } = await requestTranslator(request);
  return data({ title: t('student.signIn.title') }, { headers: studentHeaders() });
}

/** The sign-in form, posted by the browser itself (it works without JavaScript). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const answer = await callStudentApi(request, context, STUDENT_PORTAL_PATHS.login, { login: field(form, 'login'), password: field(form, 'password') });
  if (answer.status === 200) throw redirect(STUDENT_PAGES.home, { headers: studentHeaders(answer.setCookies) });
  const { t } = await requestTranslator(request);
  return data({ error: studentError(t, answer.body.code) }, { status: answer.status, headers: studentHeaders() });
}

export const headers = studentPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title ?? '' }, { name: 'robots', content: 'noindex' }];

export default function StudentSignIn() {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  return (
    <StudentFrame title={t('student.signIn.title')}>
      <Form method="post" aria-describedby={result?.error ? 'sign-in-error' : undefined}>
        {result?.error ? (
          <p id="sign-in-error" role="alert">
            {result.error}
          </p>
        ) : null}
        <StudentField name="login" label={t('student.signIn.login')} autoComplete="username" />
        <StudentField name="password" type="password" label={t('student.signIn.password')} autoComplete="current-password" />
        <button type="submit" disabled={busy} style={{ width: '100%', padding: '0.75rem', fontSize: '1rem' }}>
          {t('student.signIn.submit')}
        </button>
      </Form>
      <p>{t('student.signIn.forgot')}</p>
    </StudentFrame>
  );
}
