import { STUDENT_PORTAL_PATHS } from '@aipm/contracts';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData } from '@remix-run/react';

import { requestTranslator } from '~/i18n/translations.server';
import { useTranslation } from '~/i18n/TranslationProvider';
import { callStudentApi, field, studentHeaders } from '~/student/student-api.server';
import { studentError } from '~/student/student-errors';
import { studentPageHeaders } from '~/student/student-headers';
import { StudentField, StudentFrame } from '~/student/StudentFrame';

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await requestTranslator(request);
  // Not cached anywhere, and the token never leaves in a Referer.
  const headers = studentHeaders();
  headers.set('Referrer-Policy', 'no-referrer');
  return data({ title: t('student.reset.title') }, { headers });
}

/** The new password with the administrator's one-time link (docs/product/student-portal.md#password-reset). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const { t } = await requestTranslator(request);
  if (field(form, 'password') !== field(form, 'confirmPassword')) return data({ error: studentError(t, 'PASSWORDS_DIFFER'), done: false }, { status: 400, headers: studentHeaders() });
  const answer = await callStudentApi(request, context, STUDENT_PORTAL_PATHS.reset, { token: params['token'] ?? '', password: field(form, 'password') });
  if (answer.status !== 200) return data({ error: studentError(t, answer.body.code), done: false }, { status: answer.status, headers: studentHeaders() });
  return data({ error: null, done: true }, { headers: studentHeaders() });
}

export const headers = studentPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title ?? '' }, { name: 'robots', content: 'noindex' }, { name: 'referrer', content: 'no-referrer' }];

export default function StudentReset() {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  return (
    <StudentFrame title={t('student.reset.title')}>
      {result?.done ? (
        <p role="status">
          {t('student.reset.done')} <Link to="/student">{t('student.signIn.title')}</Link>
        </p>
      ) : (
        <Form method="post">
          {result?.error ? <p role="alert">{result.error}</p> : null}
          <StudentField name="password" type="password" label={t('student.home.newPassword')} autoComplete="new-password" />
          <StudentField name="confirmPassword" type="password" label={t('student.home.confirmPassword')} autoComplete="new-password" />
          <button type="submit" style={{ width: '100%', padding: '0.75rem', fontSize: '1rem' }}>
            {t('student.reset.submit')}
          </button>
        </Form>
      )}
    </StudentFrame>
  );
}
