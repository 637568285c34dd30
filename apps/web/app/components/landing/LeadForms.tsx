import { CONTACT_SUBJECTS } from '@aipm/contracts';
import { type FormEvent, type MouseEvent, useRef, useState } from 'react';

import { Toast } from '~/components/Toast';
import type { PublicSiteConfig } from '~/config/site-config';
import { useLeadForm } from '~/hooks/useLeadForm';
import { useTranslation } from '~/i18n/TranslationProvider';
import { useLandingContent } from '~/landing-content/LandingContentProvider';
import { AGREEMENT_FIELD, AGREEMENT_TICKED, fieldIds, INTENT_FIELD, LEAD_FORM_ACTION, leadFormAction } from '~/leads/lead-form';

import { AgreementDialog } from './AgreementDialog';
import { Honeypot, LeadInput, LeadSelect, LeadTextarea } from './LeadField';
import { Section } from './Section';

/**
 * The registration form (docs/product/lead-capture.md#registration-form). Ticking the box, or either link, opens the
 * agreement dialog, and agreeing there ticks it; unticking needs no dialog (docs/product/lead-capture.md#agreement).
 * A complete submission without the agreement is held while the dialog is open: agreeing ticks the box and sends
 * it, cancelling drops it. Without JavaScript the links lead to the legal pages and the box ticks as usual.
 */
export function RegistrationSection() {
  const { t } = useTranslation();
  const [dialogOpen, setDialogOpen] = useState(false);
  const held = useRef<FormData | null>(null);
  const lead = useLeadForm('registration', { onSuccess: () => setAgreed(false) });
  const [agreed, setAgreed] = useState(lead.defaults[AGREEMENT_FIELD] === AGREEMENT_TICKED);
  const errors = lead.errors;
  const agreementIds = fieldIds('registration', AGREEMENT_FIELD);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (lead.busy) {
      event.preventDefault();
      return;
    }
    // Agreed, or a field the browser already sees is wrong (empty, a malformed email): the fetcher form sends
    // it, so the fields' messages show before anyone is asked to agree (docs/product/lead-capture.md#agreement).
    if (agreed || !event.currentTarget.checkValidity()) return;
    event.preventDefault();
    held.current = new FormData(event.currentTarget);
    setDialogOpen(true);
  };
  const openAgreement = (event: MouseEvent) => {
    event.preventDefault();
    setDialogOpen(true);
  };
  const agree = () => {
    setAgreed(true);
    setDialogOpen(false);
    const submission = held.current;
    held.current = null;
    if (submission) {
      submission.set(AGREEMENT_FIELD, AGREEMENT_TICKED);
      lead.fetcher.submit(submission, { method: 'post', action: LEAD_FORM_ACTION });
    }
  };
  const cancel = () => {
    held.current = null;
    setDialogOpen(false);
  };

  return (
    <Section id="registration" title={t('registration.title')} subtitle={t('registration.subtitle')}>
      <lead.fetcher.Form key={lead.formKey} className="card form" method="post" action={leadFormAction('registration')} noValidate onSubmit={onSubmit}>
        <input type="hidden" name={INTENT_FIELD} value="registration" />
        <div className="form__grid">
          <LeadInput intent="registration" name="name" label={t('registration.name')} autoComplete="name" required error={errors.name} defaultValue={lead.defaults.name} />
          <LeadInput intent="registration" name="phone" label={t('registration.phone')} type="tel" autoComplete="tel" required error={errors.phone} defaultValue={lead.defaults.phone} />
          <LeadInput intent="registration" name="email" label={t('registration.email')} type="email" autoComplete="email" error={errors.email} defaultValue={lead.defaults.email} />
          <LeadInput intent="registration" name="school" label={t('registration.school')} autoComplete="organization" required error={errors.school} defaultValue={lead.defaults.school} />
          <LeadInput intent="registration" name="major" label={t('registration.major')} required error={errors.major} defaultValue={lead.defaults.major} />
        </div>
        <LeadTextarea intent="registration" name="goals" label={t('registration.goals')} rows={3} error={errors.goals} defaultValue={lead.defaults.goals} />
        <Honeypot />
        <div>
          <label className="form__check">
            <input
              type="checkbox"
              id={agreementIds.input}
              name={AGREEMENT_FIELD}
              value={AGREEMENT_TICKED}
              checked={agreed}
              onChange={(event) => (event.target.checked ? setDialogOpen(true) : setAgreed(false))}
              aria-invalid={errors.agreement ? true : undefined}
              aria-describedby={errors.agreement ? agreementIds.error : undefined}
            />
            <span>
              {t('registration.agreementPrefix')}{' '}
              <a href="/terms-of-service" onClick={openAgreement}>
                {t('registration.userAgreement')}
              </a>{' '}
              {t('registration.and')}{' '}
              <a href="/privacy-policy" onClick={openAgreement}>
                {t('registration.privacyPolicy')}
              </a>
            </span>
          </label>
          {errors.agreement ? (
            <p id={agreementIds.error} className="form__error">
              {errors.agreement}
            </p>
          ) : null}
        </div>
        <div className="form__actions">
          <button type="submit" className="button" disabled={lead.busy}>
            {lead.busy ? t('registration.submitting') : t('registration.submit')}
          </button>
          <a className="button button--ghost" href="#contact">
            {t('registration.consult')}
          </a>
        </div>
      </lead.fetcher.Form>
      <AgreementDialog open={dialogOpen} onCancel={cancel} onAgree={agree} />
      <Toast toast={lead.toast} onDismiss={lead.dismissToast} />
    </Section>
  );
}

/** The contact details are site settings (docs/product/public-site.md#site-settings-on-the-site), already in the page's language. */
export function ContactSection({ site }: { site: PublicSiteConfig }) {
  const { t } = useTranslation();
  const { contact } = useLandingContent();
  const lead = useLeadForm('contact');
  const errors = lead.errors;
  return (
    <Section id="contact" title={t('contact.title')} subtitle={contact.subtitle} className="section--tinted">
      <div className="contact">
        <div className="card">
          <dl className="contact__details">
            <dt>{t('contact.phoneLabel')}</dt>
            <dd>
              <a href={site.salesTel}>{site.salesPhone}</a>
            </dd>
            <dt>{t('contact.websiteLabel')}</dt>
            <dd>{t('contact.website')}</dd>
            <dt>{t('contact.addressLabel')}</dt>
            <dd>{site.address}</dd>
            <dt>{t('contact.hoursLabel')}</dt>
            <dd>{site.officeHours}</dd>
          </dl>
          <h3>{t('contact.materialsTitle')}</h3>
          <ol>
            {contact.materials.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ol>
          <p className="muted">{t('contact.wechatNote', { id: site.wechatId })}</p>
        </div>
        <lead.fetcher.Form
          key={lead.formKey}
          className="card form"
          method="post"
          action={leadFormAction('contact')}
          noValidate
          aria-labelledby="contact-form-title"
          onSubmit={(event) => {
            if (lead.busy) event.preventDefault();
          }}
        >
          <h3 id="contact-form-title">{t('contact.form.title')}</h3>
          <input type="hidden" name={INTENT_FIELD} value="contact" />
          <LeadInput intent="contact" name="name" label={t('contact.form.name')} autoComplete="name" required error={errors.name} defaultValue={lead.defaults.name} />
          <LeadInput intent="contact" name="email" label={t('contact.form.email')} type="email" autoComplete="email" error={errors.email} defaultValue={lead.defaults.email} />
          <LeadInput intent="contact" name="phone" label={t('contact.form.phone')} type="tel" autoComplete="tel" required error={errors.phone} defaultValue={lead.defaults.phone} />
          <LeadSelect intent="contact" name="subject" label={t('contact.form.subject')} required error={errors.subject} defaultValue={lead.defaults.subject}>
            <option value="">{t('contact.form.subjectPlaceholder')}</option>
            {CONTACT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {t(`contact.form.subjects.${subject}`)}
              </option>
            ))}
          </LeadSelect>
          <LeadTextarea intent="contact" name="message" label={t('contact.form.message')} rows={4} error={errors.message} defaultValue={lead.defaults.message} />
          <Honeypot />
          <button type="submit" className="button" disabled={lead.busy}>
            {lead.busy ? t('contact.form.submitting') : t('contact.form.submit')}
          </button>
        </lead.fetcher.Form>
      </div>
      <Toast toast={lead.toast} onDismiss={lead.dismissToast} />
    </Section>
  );
}
