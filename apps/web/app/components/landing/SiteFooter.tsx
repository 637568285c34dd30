import { useCallback, useState } from 'react';
import { useTranslation } from '~/i18n/TranslationProvider';

import { Dialog } from '~/components/Dialog';
import { LegalText, type LegalDocument } from '~/components/LegalText';
import { Toast, type ToastMessage } from '~/components/Toast';
import type { PublicSiteConfig, QrCodeName } from '~/config/site-config';

/** docs/product/public-site.md#footer: at 768 px or less the WeChat button copies the ID instead of showing the QR code. */
const MOBILE_QUERY = '(max-width: 768px)';

const QR_POPUPS: ReadonlyArray<{ name: QrCodeName; labelKey: 'footer.wechat' | 'footer.officialAccount' | 'footer.miniProgram' | 'footer.shortVideo'; hintKey: 'footer.scanHint' | 'footer.shortVideoHint' }> = [
  { name: 'wechat', labelKey: 'footer.wechat', hintKey: 'footer.scanHint' },
  { name: 'official-account', labelKey: 'footer.officialAccount', hintKey: 'footer.scanHint' },
  { name: 'mini-program', labelKey: 'footer.miniProgram', hintKey: 'footer.scanHint' },
  { name: 'short-video', labelKey: 'footer.shortVideo', hintKey: 'footer.shortVideoHint' },
];

const LEGAL_POPUPS: ReadonlyArray<{ document: LegalDocument; href: string; labelKey: 'legal.privacyPolicy' | 'legal.termsOfService' | 'legal.cookiePolicy' }> = [
  { document: 'privacy', href: '/privacy-policy', labelKey: 'legal.privacyPolicy' },
  { document: 'terms', href: '/terms-of-service', labelKey: 'legal.termsOfService' },
  { document: 'cookies', href: '/cookie-policy', labelKey: 'legal.cookiePolicy' },
];

type Popup = { kind: 'qr'; name: QrCodeName } | { kind: 'legal'; document: LegalDocument };

async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}

/**
 * `inWechat`: the floating share panel is on the page; elsewhere the footer says where sharing works
 * (docs/product/wechat.md#where-sharing-happens).
 */
export function SiteFooter({ site, inWechat = false }: { site: PublicSiteConfig; inWechat?: boolean }) {
  const { t } = useTranslation();
  const [popup, setPopup] = useState<Popup | null>(null);
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  const close = () => setPopup(null);

  const openQr = async (name: QrCodeName) => {
    if (name === 'wechat' && window.matchMedia(MOBILE_QUERY).matches) {
      try {
        await copyText(site.wechatId);
        setToast({ text: t('footer.copied', { id: site.wechatId }), variant: 'default' });
      } catch {
        setToast({ text: t('footer.copyFailed', { id: site.wechatId }), variant: 'destructive' });
      }
      return;
    }
    setPopup({ kind: 'qr', name });
  };

  const qr = popup?.kind === 'qr' ? QR_POPUPS.find((item) => item.name === popup.name) : undefined;
  const legal = popup?.kind === 'legal' ? LEGAL_POPUPS.find((item) => item.document === popup.document) : undefined;

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div>
          <p className="site-footer__brand">{t('site.name')}</p>
          <p className="muted-on-dark">{t('site.tagline')}</p>
          {inWechat ? null : <p className="muted-on-dark site-footer__share">{t('share.openInWechat')}</p>}
        </div>
        {/* The contact details are site settings (docs/product/public-site.md#site-settings-on-the-site). */}
        <div>
          <h2 className="site-footer__heading">{t('contact.title')}</h2>
          <address className="muted-on-dark site-footer__contact">
            <a href={site.salesTel}>{site.salesPhone}</a>
            <br />
            {site.address}
            <br />
            {site.officeHours}
          </address>
        </div>
        <nav aria-label={t('footer.followUs')}>
          <h2 className="site-footer__heading">{t('footer.followUs')}</h2>
          <ul className="site-footer__links">
            {QR_POPUPS.map((item) => (
              <li key={item.name}>
                {/* Without JavaScript the link shows the QR code itself. */}
                <a
                  href={`/qr/${item.name}.svg`}
                  role="button"
                  onClick={(event) => {
                    event.preventDefault();
                    void openQr(item.name);
                  }}
                >
                  {t(item.labelKey)}
                </a>
              </li>
            ))}
            <li>
              <a href={site.socialUrl} target="_blank" rel="noopener noreferrer">
                {t('footer.social')}
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('nav.legal')}>
          <h2 className="site-footer__heading">{t('nav.legal')}</h2>
          <ul className="site-footer__links">
            {LEGAL_POPUPS.map((item) => (
              <li key={item.document}>
                <a
                  href={item.href}
                  onClick={(event) => {
                    event.preventDefault();
                    setPopup({ kind: 'legal', document: item.document });
                  }}
                >
                  {t(item.labelKey)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="site-footer__bottom">
        <p>{t('footer.rights', { ...site, company: t('site.company') })}</p>
        <p>
          <a href={site.icpUrl} target="_blank" rel="noopener noreferrer">
            {site.icpNumber}
          </a>{' '}
          ·{' '}
          <a href={site.policeFilingUrl} target="_blank" rel="noopener noreferrer">
            {site.policeFiling}
          </a>
        </p>
      </div>
      <Dialog open={Boolean(qr)} onClose={close} title={qr ? t(qr.labelKey) : ''}>
        {qr ? (
          <div className="qr">
            <img src={`/qr/${qr.name}.svg`} alt={t('footer.qrAlt', { name: t(qr.labelKey) })} width="200" height="200" />
            <p>{t(qr.hintKey)}</p>
            {qr.name === 'wechat' ? <p className="muted">{t('footer.wechatId', { id: site.wechatId })}</p> : null}
          </div>
        ) : null}
      </Dialog>
      <Dialog open={Boolean(legal)} onClose={close} title={legal ? t(legal.labelKey) : ''}>
        {legal ? (
          <>
            <LegalText document={legal.document} headingLevel={3} />
            <p>
              <a href={legal.href}>{t('footer.openFullPage')}</a>
            </p>
          </>
        ) : null}
      </Dialog>
      <Toast toast={toast} onDismiss={dismissToast} />
    </footer>
  );
}
