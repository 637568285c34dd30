import { type MyRecordResponse, type OutcomeResponse, STUDENT_PAGES, STUDENT_PORTAL_PATHS } from '@aipm/contracts';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';

import { requestTranslator } from '~/i18n/translations.server';
import { useTranslation } from '~/i18n/TranslationProvider';
import { recordText } from '~/student/record-text.server';
import { callStudentApi, field, studentHeaders } from '~/student/student-api.server';
import { studentError } from '~/student/student-errors';
import { studentPageHeaders } from '~/student/student-headers';
import { StudentField, StudentFrame } from '~/student/StudentFrame';
import { AttendanceSection, CohortSection, ContractsSection, GuaranteeSection, MUTED, PaymentsSection, RECORD_SECTIONS, Section, TAP, ToolAccountsSection } from '~/student/StudentRecord';

/**
 * The signed-in student's page: their own records (GET /api/student/me, read by the session's student id), then the
 * account (password change, sign-out). Without the student session: the sign-in page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [me, offers] = await Promise.all([
    callStudentApi<MyRecordResponse['data']>(request, context, STUDENT_PORTAL_PATHS.me),
    callStudentApi<OutcomeResponse[]>(request, context, STUDENT_PORTAL_PATHS.offers),
  ]);
  if (me.status === 401) throw redirect(STUDENT_PAGES.signIn, { headers: studentHeaders() });
  if (me.status !== 200 || !me.body.data) throw new Response(null, { status: 502, headers: studentHeaders() });
  const { t, language } = await requestTranslator(request);
  const reviewCounts = { pending: 0, accepted: 0, returned: 0 };
  for (const offer of offers.body.data ?? []) reviewCounts[offer.reviewState] += 1;
  return data({ title: t('student.home.title'), record: me.body.data, text: recordText(me.body.data, language), reviewCounts }, { headers: studentHeaders() });
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

const SECTION_TITLES = {
  cohort: 'student.record.cohort.title',
  attendance: 'student.record.attendance.title',
  contracts: 'student.record.contracts.title',
  payments: 'student.record.payments.title',
  tools: 'student.record.tools.title',
  guarantee: 'student.record.guarantee.title',
} as const;

export default function StudentHome() {
  const { t } = useTranslation();
  const { record, text, reviewCounts } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <StudentFrame title={t('student.home.greeting', { name: record.name })}>
      <nav aria-label={t('student.record.sectionsLabel')}>
        <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexWrap: 'wrap', gap: '0 1rem' }}>
          {RECORD_SECTIONS.map((id) => (
            <li key={id}>
              <a href={`#${id}`} style={{ ...TAP, display: 'inline-flex', alignItems: 'center' }}>
                {t(SECTION_TITLES[id])}
              </a>
            </li>
          ))}
          <li>
            <a href="#offers" style={{ ...TAP, display: 'inline-flex', alignItems: 'center' }}>
              {t('student.offers.title')}
            </a>
          </li>
          <li>
            <a href="#account" style={{ ...TAP, display: 'inline-flex', alignItems: 'center' }}>
              {t('student.record.account.title')}
            </a>
          </li>
        </ul>
      </nav>
      <CohortSection record={record} text={text} />
      <AttendanceSection record={record} text={text} />
      <ContractsSection record={record} text={text} />
      <PaymentsSection record={record} text={text} />
      <ToolAccountsSection record={record} />
      <GuaranteeSection record={record} text={text} />
      <Section id="offers" title={t('student.offers.title')}>
        <p style={MUTED}>{t('student.offers.homeIntro')}</p>
        <p style={MUTED} data-testid="offer-counts">
          {t('student.offers.homeCounts', reviewCounts)}
        </p>
        <Link to={STUDENT_PAGES.offers} style={{ ...TAP, display: 'inline-flex', alignItems: 'center' }}>
          {t('student.offers.homeLink')}
        </Link>
      </Section>
      <section id="account" aria-labelledby="account-title" style={{ marginTop: '2rem' }}>
        <h2 id="account-title">{t('student.record.account.title')}</h2>
        <Form method="post">
          <input type="hidden" name="intent" value="logout" />
          <button type="submit" style={{ ...TAP, width: '100%' }}>
            {t('student.home.signOut')}
          </button>
        </Form>
        <h3 style={{ fontSize: '1.05rem', marginTop: '1.5rem' }}>{t('student.home.changePassword')}</h3>
        <Form method="post">
          <input type="hidden" name="intent" value="password" />
          {result?.error ? <p role="alert">{result.error}</p> : null}
          {result?.done ? <p role="status">{t('student.home.passwordChanged')}</p> : null}
          <StudentField name="currentPassword" type="password" label={t('student.home.currentPassword')} autoComplete="current-password" />
          <StudentField name="newPassword" type="password" label={t('student.home.newPassword')} autoComplete="new-password" />
          <StudentField name="confirmPassword" type="password" label={t('student.home.confirmPassword')} autoComplete="new-password" />
          <button type="submit" style={{ ...TAP, width: '100%', padding: '0.75rem' }}>
            {t('student.home.save')}
          </button>
        </Form>
      </section>
    </StudentFrame>
  );
}
