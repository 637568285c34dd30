import { useCallback, useState } from 'react';

import { Dialog } from '~/components/Dialog';
import { LegalText } from '~/components/LegalText';
import { Toast, type ToastMessage } from '~/components/Toast';
import { useTranslation } from '~/i18n/TranslationProvider';

/**
 * docs/product/lead-capture.md#agreement-dialog: the full user agreement and privacy policy, a must-agree
 * checkbox, cancel and agree. Agree before the checkbox is ticked shows the destructive must-agree notice, in the
 * dialog so that it shows (and is announced) above the page. Escape, the close button and the backdrop cancel.
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
  const [notice, setNotice] = useState<ToastMessage | null>(null);
  const dismiss = useCallback(() => setNotice(null), []);
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
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() =>
            confirmed ? onAgree() : setNotice({ title: t('leadForms.messages.agreementTitle'), text: t('leadForms.messages.agreementCheckFirst'), variant: 'destructive' })
          }
        >
          {t('registration.dialog.agree')}
        </button>
      </div>
      <Toast toast={notice} onDismiss={dismiss} />
    </>
  );
}
