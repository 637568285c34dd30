import { EVIDENCE_KINDS, OFFER_CATEGORIES, type OutcomeResponse, STUDENT_PAGES, STUDENT_PORTAL_PATHS } from '@aipm/contracts';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';

import { requestTranslator } from '~/i18n/translations.server';
import { useTranslation } from '~/i18n/TranslationProvider';
import { OFFER_FORM_FIELDS, offerCards, type OfferFormField, offerReportBody, readOfferForm } from '~/student/offer-report.server';
import { OfferList, OfferReportForm } from '~/student/OfferReport';
import { callStudentApi, studentHeaders } from '~/student/student-api.server';
import { studentError } from '~/student/student-errors';
import { studentPageHeaders } from '~/student/student-headers';
import { StudentFrame } from '~/student/StudentFrame';
import { MUTED, Section, TAP } from '~/student/StudentRecord';

/** The fields of the form an API refusal can name; any other names the form as a whole. */
const FORM_FIELDS: readonly string[] = [...OFFER_FORM_FIELDS, 'evidence'];

/** 录用报告: the student's own reports (GET /api/student/offers, by the session's student) and the form. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const offers = await callStudentApi<OutcomeResponse[]>(request, context, STUDENT_PORTAL_PATHS.offers);
  if (offers.status === 401) throw redirect(STUDENT_PAGES.signIn, { headers: studentHeaders() });
  if (offers.status !== 200 || !offers.body.data) throw new Response(null, { status: 502, headers: studentHeaders() });
  const { t, language } = await requestTranslator(request);
  const submitted = new URL(request.url).searchParams.has('submitted');
  // The form's choices come with the data: the page's own JavaScript carries nothing of the contracts (record-text.ts).
  const choices = { categories: OFFER_CATEGORIES, evidenceKinds: EVIDENCE_KINDS };
  return data({ title: t('student.offers.title'), offers: offerCards(offers.body.data, language), submitted, choices }, { headers: studentHeaders() });
}

/**
 * The report, forwarded to the API with its files (POST /api/student/offers); sent, the page is read again
 * (post/redirect/get: a reload sends nothing twice). Refused, the form comes back with what was typed and the
 * message beside its field.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  // Signed in first: a stranger's files are never read into memory.
  const session = await callStudentApi(request, context, STUDENT_PORTAL_PATHS.session);
  if (session.status !== 200) throw redirect(STUDENT_PAGES.signIn, { headers: studentHeaders() });
  const { t } = await requestTranslator(request);
  const form = await readOfferForm(request);
  const refuse = (field: OfferFormField | 'form', code: string | undefined, status: number) =>
    data({ values: form.values, errors: { [field]: studentError(t, code) } as Partial<Record<OfferFormField | 'form', string>> }, { status, headers: studentHeaders() });
  if (form.unreadable === 'tooLarge') return refuse('evidence', 'CONTRACT_FILE_TOO_LARGE', 400);
  if (form.unreadable) return refuse('form', 'INVALID_OFFER_REPORT', 400);
  const report = offerReportBody(form);
  if ('code' in report) return refuse(report.field, report.code, 400);
  const answer = await callStudentApi<OutcomeResponse>(request, context, STUDENT_PORTAL_PATHS.offers, report.body);
  if (answer.status === 401) throw redirect(STUDENT_PAGES.signIn, { headers: studentHeaders() });
  if (answer.status === 201) throw redirect(`${STUDENT_PAGES.offers}?submitted=1`, { headers: studentHeaders() });
  const [field, code] = Object.entries(answer.body.fieldCodes ?? {})[0] ?? ['form', answer.body.code];
  return refuse(FORM_FIELDS.includes(field) ? (field as OfferFormField) : 'form', code, answer.status);
}

export const headers = studentPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title ?? '' }, { name: 'robots', content: 'noindex' }];

export default function StudentOffers() {
  const { t } = useTranslation();
  const { offers, submitted, choices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <StudentFrame title={t('student.offers.title')}>
      <p>
        <Link to={STUDENT_PAGES.home} style={{ ...TAP, display: 'inline-flex', alignItems: 'center' }}>
          {t('student.offers.back')}
        </Link>
      </p>
      <p style={MUTED}>{t('student.offers.intro')}</p>
      {submitted && !result ? <p role="status">{t('student.offers.submitted')}</p> : null}
      <Section id="reports" title={t('student.offers.listTitle')}>
        <OfferList offers={offers} />
      </Section>
      <section id="report" aria-labelledby="report-title" style={{ marginTop: '2rem' }}>
        <h2 id="report-title">{t('student.offers.formTitle')}</h2>
        {result?.errors.form ? <p role="alert">{result.errors.form}</p> : null}
        <OfferReportForm choices={choices} values={result?.values ?? {}} errors={result?.errors ?? {}} busy={busy} />
      </section>
    </StudentFrame>
  );
}
