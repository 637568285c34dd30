import type { GuaranteeNeed, MyRecordResponse } from '@aipm/contracts';
import { type CSSProperties, type ReactNode, useCallback, useEffect, useState } from 'react';

import type { TextKey, Translator } from '~/i18n/translator';
import { useTranslation } from '~/i18n/TranslationProvider';

import { moneyKey, type RecordText } from './record-text';

type MyRecord = MyRecordResponse['data'];
type T = Translator['t'];
/** What each section is given: the record, and its dates and money as printed (formatted by the loader). */
interface RecordProps {
  record: MyRecord;
  text: RecordText;
}

/** The printed date and amount (the loader formatted each one; the raw value if one was missed). */
const dateOf = (text: RecordText, date: string) => text.dates[date] ?? date;
const moneyOf = (text: RecordText, cents: number, currency: string) => text.money[moneyKey(cents, currency)] ?? `${cents / 100} ${currency}`;

/*
 * What the student sees of their own records on /student/home (docs/product/student-portal.md#what-the-student-sees):
 * one section per subject, each with its heading and its empty state; lists, not tables (375 px, WeChat's browser);
 * everything readable without JavaScript, the copy buttons added once the page is interactive.
 */

/** Tap targets of at least 44 px (WCAG 2.5.5), full width on a phone. */
export const TAP: CSSProperties = { minHeight: '44px', boxSizing: 'border-box', fontSize: '1rem' };
export const LIST: CSSProperties = { listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '0.75rem' };
export const CARD: CSSProperties = { border: '1px solid #d4d4d8', borderRadius: '0.5rem', padding: '0.75rem', overflowWrap: 'anywhere' };
export const MUTED: CSSProperties = { color: '#52525b', margin: '0.25rem 0 0' };
const SECTION: CSSProperties = { marginTop: '2rem' };

/** The record's section ids, in page order (the in-page links; 录用报告, offers, follows 薪资保障). */
export const RECORD_SECTIONS = ['cohort', 'attendance', 'contracts', 'payments', 'tools', 'guarantee'] as const;

const pad2 = (value: number) => String(value).padStart(2, '0');

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} style={SECTION}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: string }) {
  return <p style={MUTED}>{children}</p>;
}

/** A label and its value, one line each on a phone. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0 0.5rem' }}>
      <dt style={{ color: '#52525b' }}>{label}</dt>
      <dd style={{ margin: 0 }}>{children}</dd>
    </div>
  );
}

export function CohortSection({ record, text }: RecordProps) {
  const { t } = useTranslation();
  const { cohort, today } = record;
  const date = (value: string) => dateOf(text, value);
  return (
    <Section id="cohort" title={t('student.record.cohort.title')}>
      {!cohort ? (
        <Empty>{t('student.record.cohort.empty')}</Empty>
      ) : (
        <>
          <p>
            <strong>{cohort.name}</strong> · {t(`student.record.cohort.status.${cohort.status}` as TextKey)}
          </p>
          <p style={MUTED}>{t('student.record.cohort.dates', { start: date(cohort.startDate), end: date(cohort.endDate) })}</p>
          <p data-testid="cohort-today">
            {cohort.todayClassDay
              ? t('student.record.cohort.today', { module: pad2(cohort.todayClassDay.module), day: cohort.todayClassDay.dayOfModule })
              : t('student.record.cohort.notClassDay', { date: date(today) })}
          </p>
          <ol style={LIST} aria-label={t('student.record.cohort.title')}>
            {cohort.modules.map(({ module, days }) => {
              const hasToday = days.some((day) => day.date === today);
              return (
                <li key={module}>
                  <details open={hasToday}>
                    <summary style={{ ...TAP, padding: '0.6rem 0', cursor: 'pointer' }}>
                      {t('student.record.cohort.module', { module: pad2(module), days: days.length, first: date(days[0]!.date), last: date(days.at(-1)!.date) })}
                    </summary>
                    <ol style={{ ...LIST, gap: '0.25rem', paddingLeft: '1rem' }}>
                      {days.map((day) => (
                        <li key={day.date} aria-current={day.date === today ? 'date' : undefined} style={day.date === today ? { fontWeight: 700 } : undefined}>
                          {date(day.date)} · {t('student.record.cohort.day', { day: day.dayOfModule })}
                          {day.date === today ? <span> · {t('student.record.cohort.todayMark')}</span> : null}
                        </li>
                      ))}
                    </ol>
                  </details>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </Section>
  );
}

export function AttendanceSection({ record, text }: RecordProps) {
  const { t } = useTranslation();
  const { attendance } = record;
  return (
    <Section id="attendance" title={t('student.record.attendance.title')}>
      {attendance.rate === null ? (
        <Empty>{t('student.record.attendance.empty')}</Empty>
      ) : (
        <>
          <p data-testid="attendance-rate">{t('student.record.attendance.rate', { rate: attendance.rate, attended: attendance.attended, marked: attendance.marked })}</p>
          <ul style={{ ...LIST, gap: '0.25rem' }}>
            {attendance.days.map((day) => (
              <li key={day.date}>
                {dateOf(text, day.date)}
                {day.module !== null ? ` · ${t('student.record.attendance.day', { module: pad2(day.module), day: day.dayOfModule ?? 0 })}` : ''} ·{' '}
                <strong>{t(`student.record.attendance.marks.${day.mark}` as TextKey)}</strong>
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}

export function ContractsSection({ record, text }: RecordProps) {
  const { t } = useTranslation();
  return (
    <Section id="contracts" title={t('student.record.contracts.title')}>
      {record.contracts.length === 0 ? (
        <Empty>{t('student.record.contracts.empty')}</Empty>
      ) : (
        <ul style={LIST}>
          {record.contracts.map((contract) => (
            <li key={contract.id} style={CARD}>
              <h3 style={{ margin: '0 0 0.5rem', fontSize: '1.05rem' }}>
                {contract.contractNumber} · {contract.courseName}
              </h3>
              <dl style={{ margin: 0, display: 'grid', gap: '0.25rem' }}>
                <Fact label={t('student.record.contracts.amount')}>{moneyOf(text, contract.contractAmount, contract.currency)}</Fact>
                <Fact label={t('student.record.contracts.paid')}>
                  {moneyOf(text, contract.paidAmount, contract.currency)} / {moneyOf(text, contract.contractAmount, contract.currency)}
                </Fact>
                <Fact label={t('student.record.contracts.outstanding')}>{moneyOf(text, contract.outstandingAmount, contract.currency)}</Fact>
                <Fact label={t('student.record.contracts.period')}>{`${dateOf(text, contract.startDate)} – ${dateOf(text, contract.endDate)}`}</Fact>
                <Fact label={t('student.record.contracts.status')}>{t(`student.record.contracts.statuses.${contract.status}` as TextKey)}</Fact>
              </dl>
              <h4 style={{ margin: '0.75rem 0 0.25rem', fontSize: '1rem' }}>{t('student.record.contracts.files')}</h4>
              {contract.files.length === 0 ? (
                <Empty>{t('student.record.contracts.noFiles')}</Empty>
              ) : (
                <ul style={{ ...LIST, gap: '0.25rem' }}>
                  {contract.files.map((file) => (
                    // A plain link: the API answers a redirect to a 60-second signed link of the file (no JavaScript needed).
                    <li key={file.id}>
                      <a href={file.url} aria-label={t('student.record.contracts.view', { name: file.name })} style={{ ...TAP, display: 'flex', alignItems: 'center', padding: '0.5rem 0' }}>
                        {file.name}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function PaymentsSection({ record, text }: RecordProps) {
  const { t } = useTranslation();
  const { payments } = record;
  return (
    <Section id="payments" title={t('student.record.payments.title')}>
      {payments.items.length === 0 ? (
        <Empty>{t('student.record.payments.empty')}</Empty>
      ) : (
        <>
          <p data-testid="payments-total">
            {t('student.record.payments.total', { total: text.totals.total }) +
              (payments.pending.length > 0 ? t('student.record.payments.breakdown', { completed: text.totals.completed, pending: text.totals.pending }) : '')}
          </p>
          <ul style={LIST}>
            {payments.items.map((payment) => (
              <li key={payment.id} style={CARD}>
                <strong>{moneyOf(text, payment.amount, payment.currency)}</strong> · {t(`student.record.payments.methods.${payment.paymentMethod}` as TextKey)}
                {payment.kind !== 'tuition' ? ` · ${t(`student.record.payments.kinds.${payment.kind}` as TextKey)}` : ''}
                <p style={MUTED}>
                  {dateOf(text, payment.paymentDate)} · {payment.paymentNumber} · {t(`student.record.payments.statuses.${payment.status}` as TextKey)}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
      {record.contracts.length > 0 ? <p data-testid="payments-balance">{t('student.record.payments.balance', { balance: text.totals.balance })}</p> : null}
    </Section>
  );
}

/**
 * The Clipboard API where the browser has it, once the page is interactive: server-rendered (and without JavaScript)
 * there is no button, and the account text is selectable as it is.
 */
function useClipboard(): ((text: string) => Promise<boolean>) | null {
  const [available, setAvailable] = useState(false);
  useEffect(() => setAvailable(typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function'), []);
  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      return false;
    }
  }, []);
  return available ? copy : null;
}

export function ToolAccountsSection({ record }: Pick<RecordProps, 'record'>) {
  const { t } = useTranslation();
  const copy = useClipboard();
  const [copied, setCopied] = useState<{ text: string; failed: boolean } | null>(null);
  // The message stays 5 seconds (as the site's toasts), announced politely by the region below.
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(null), 5000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <Section id="tools" title={t('student.record.tools.title')}>
      {record.toolAccounts.length === 0 ? (
        <Empty>{t('student.record.tools.empty')}</Empty>
      ) : (
        <ul style={LIST}>
          {record.toolAccounts.map((account) => {
            const kind = t(`student.record.tools.kinds.${account.kind}` as TextKey);
            return (
              <li key={account.id} style={CARD}>
                <h3 style={{ margin: '0 0 0.5rem', fontSize: '1.05rem' }}>{kind}</h3>
                <dl style={{ margin: 0, display: 'grid', gap: '0.25rem' }}>
                  <Fact label={t('student.record.tools.account')}>
                    <code style={{ userSelect: 'all', WebkitUserSelect: 'all', overflowWrap: 'anywhere' }}>{account.username}</code>
                  </Fact>
                  {account.email ? <Fact label={t('student.record.tools.email')}>{account.email}</Fact> : null}
                  <Fact label={t('student.record.tools.status')}>{t(`student.record.tools.statuses.${account.status}` as TextKey)}</Fact>
                </dl>
                {copy ? (
                  <button
                    type="button"
                    aria-label={t('student.record.tools.copyLabel', { kind, account: account.username })}
                    style={{ ...TAP, marginTop: '0.5rem', width: '100%' }}
                    onClick={async () =>
                      setCopied((await copy(account.username)) ? { text: t('student.record.tools.copied', { account: account.username }), failed: false } : { text: t('student.record.tools.copyFailed'), failed: true })
                    }
                  >
                    {t('student.record.tools.copy')}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {/* Always in the page, so a screen reader hears what is put in it; the site's toast styles place it. */}
      <div className="toast-region" role="status" aria-live="polite" data-testid="copy-status">
        {copied ? <p className={`toast ${copied.failed ? 'toast--destructive' : 'toast--default'}`}>{copied.text}</p> : null}
      </div>
    </Section>
  );
}

/** The guarantee's state in a student's words (docs/product/student-portal.md#what-the-student-sees). */
export function guaranteeWords(t: T, need: GuaranteeNeed, text: RecordText): string {
  const key = `student.record.guarantee.needs.${need.code}` as TextKey;
  switch (need.code) {
    case 'graduate_first':
      return t(key, { target: moneyOf(text, need.target, need.currency), days: need.windowDays, attendance: need.minAttendance });
    case 'report_offer':
      return t(key, { target: moneyOf(text, need.target, need.currency), date: dateOf(text, need.by) });
    case 'attendance_below':
      return t(key, { attendance: need.minAttendance });
    case 'bonus_due':
    case 'refund_due':
      return t(key, { amount: moneyOf(text, need.amount, need.currency) });
    default:
      return t(key);
  }
}

export function GuaranteeSection({ record, text }: RecordProps) {
  const { t } = useTranslation();
  return (
    <Section id="guarantee" title={t('student.record.guarantee.title')}>
      {record.guarantee.length === 0 ? (
        <Empty>{t('student.record.guarantee.empty')}</Empty>
      ) : (
        <ul style={LIST}>
          {record.guarantee.map((entry) => (
            <li key={entry.contractNumber} style={CARD}>
              <h3 style={{ margin: '0 0 0.5rem', fontSize: '1.05rem' }}>
                {t('student.record.guarantee.contract', { number: entry.contractNumber })} · {t(`student.record.guarantee.statuses.${entry.status}` as TextKey)}
              </h3>
              <p style={{ margin: 0 }}>{guaranteeWords(t, entry.need, text)}</p>
              <p style={MUTED}>{entry.windowEnd ? t('student.record.guarantee.windowEnd', { date: dateOf(text, entry.windowEnd) }) : t('student.record.guarantee.windowNotStarted')}</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
