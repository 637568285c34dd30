import { useId, useState } from 'react';

import { Dialog } from '~/components/Dialog';
import { LegalText } from '~/components/LegalText';
import { useTranslation } from '~/i18n/TranslationProvider';

/**
 * docs/product/lead-capture.md#agreement-dialog: the full user agreement and privacy policy, a must-agree
 * checkbox, cancel and agree. Agree stays disabled until the checkbox is ticked. Escape, the close button and
 * the backdrop cancel.
 */
export function AgreementDialog({ open, onCancel, onAgree }: { open: boolean; onCancel: () => void; onAgree: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onCancel} title={t('registration.dialog.title')}>
      {/* Mounted while open only, so each opening starts with the checkbox clear. */}
      {open ? <AgreementChoice onCancel={onCancel} onAgree={onAgree} /> : null}
    </Dialog>
  );
}

function AgreementChoice({ onCancel, onAgree }: { onCancel: () => void; onAgree: () => void }) {
  const { t } = useTranslation();
  const [confirmed, setConfirmed] = useState(false);
  const hintId = useId();
  return (
    <>
      <p>{t('leadForms.messages.agreementTitle')}</p>
      {/* Scrolls on its own, so the checkbox and the buttons stay in view; focusable for keyboard scrolling. */}
      <div className="agreement__text" role="region" aria-label={t('registration.dialog.title')} tabIndex={0}>
        <h3>{t('legal.termsOfService')}</h3>
        <LegalText document="terms" headingLevel={4} />
        <h3>{t('legal.privacyPolicy')}</h3>
        <LegalText document="privacy" headingLevel={4} />
      </div>
      <label className="form__check">
        <input type="checkbox" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
        <span>{t('registration.dialog.confirm')}</span>
      </label>
      {confirmed ? null : (
        <p id={hintId} className="form__hint">
          {t('leadForms.messages.agreementCheckFirst')}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button" disabled={!confirmed} aria-describedby={confirmed ? undefined : hintId} onClick={onAgree}>
          {t('registration.dialog.agree')}
        </button>
      </div>
    </>
  );
}
