import { CONTACT_SUBJECTS } from '@aipm/contracts';
import { useTranslation } from 'react-i18next';

import { Section } from './Section';

/**
 * Layout of the registration form. Submission, validation and the agreement dialog are wired by the
 * lead-capture issue (POST /api/registrations); until then the form does not leave the page.
 */
export function RegistrationSection() {
  const { t } = useTranslation();
  return (
    <Section id="registration" title={t('registration.title')} subtitle={t('registration.subtitle')}>
      <form className="card form" method="post" onSubmit={(event) => event.preventDefault()}>
        <div className="form__grid">
          <Field name="name" label={t('registration.name')} autoComplete="name" required />
          <Field name="phone" label={t('registration.phone')} type="tel" autoComplete="tel" required />
          <Field name="email" label={t('registration.email')} type="email" autoComplete="email" />
          <Field name="school" label={t('registration.school')} autoComplete="organization" required />
          <Field name="major" label={t('registration.major')} required />
        </div>
        <label className="form__field">
          <span>{t('registration.goals')}</span>
          <textarea name="goals" rows={3} />
        </label>
        <label className="form__check">
          <input type="checkbox" name="agreement" />
          <span>
            {t('registration.agreementPrefix')} <a href="/terms-of-service">{t('registration.userAgreement')}</a> {t('registration.and')}{' '}
            <a href="/privacy-policy">{t('registration.privacyPolicy')}</a>
          </span>
        </label>
        <div className="form__actions">
          <button type="submit" className="button">
            {t('registration.submit')}
          </button>
          <a className="button button--ghost" href="#contact">
            {t('registration.consult')}
          </a>
        </div>
      </form>
    </Section>
  );
}

function Field({ name, label, type = 'text', autoComplete, required }: { name: string; label: string; type?: string; autoComplete?: string; required?: boolean }) {
  return (
    <label className="form__field">
      <span>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </span>
      <input name={name} type={type} autoComplete={autoComplete} required={required} />
    </label>
  );
}

export function ContactSection({ wechatId }: { wechatId: string }) {
  const { t } = useTranslation();
  return (
    <Section id="contact" title={t('contact.title')} subtitle={t('contact.subtitle')} className="section--tinted">
      <div className="contact">
        <div className="card">
          <dl className="contact__details">
            <dt>{t('contact.phoneLabel')}</dt>
            <dd>
              <a href={`tel:${t('contact.phone').replace(/[^\d+]/g, '')}`}>{t('contact.phone')}</a>
            </dd>
            <dt>{t('contact.websiteLabel')}</dt>
            <dd>{t('contact.website')}</dd>
            <dt>{t('contact.addressLabel')}</dt>
            <dd>{t('contact.address')}</dd>
            <dt>{t('contact.hoursLabel')}</dt>
            <dd>{t('contact.hours')}</dd>
          </dl>
          <h3>{t('contact.materialsTitle')}</h3>
          <ol>
            {t('contact.materials', { returnObjects: true }).map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ol>
          <p className="muted">{t('contact.wechatNote', { id: wechatId })}</p>
        </div>
        <form className="card form" method="post" onSubmit={(event) => event.preventDefault()}>
          <h3>{t('contact.form.title')}</h3>
          <Field name="name" label={t('contact.form.name')} autoComplete="name" required />
          <Field name="email" label={t('contact.form.email')} type="email" autoComplete="email" />
          <Field name="phone" label={t('contact.form.phone')} type="tel" autoComplete="tel" required />
          <label className="form__field">
            <span>{t('contact.form.subject')}</span>
            <select name="subject" required defaultValue={CONTACT_SUBJECTS[0]}>
              {CONTACT_SUBJECTS.map((subject) => (
                <option key={subject} value={subject}>
                  {t(`contact.form.subjects.${subject}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="form__field">
            <span>{t('contact.form.message')}</span>
            <textarea name="message" rows={4} />
          </label>
          <button type="submit" className="button">
            {t('contact.form.submit')}
          </button>
        </form>
      </div>
    </Section>
  );
}
