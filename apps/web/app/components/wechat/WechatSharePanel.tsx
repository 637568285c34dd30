import type { ClientShareConfig } from '@aipm/contracts';
import { useId, useState } from 'react';

import { useTranslation } from '~/i18n/TranslationProvider';
import type { TextKey } from '~/i18n/translator';
import type { ShareFailure } from '~/wechat/wechat-sdk';

import { type ShareState, type ShareStatus, useWechatShare } from './useWechatShare';

const STATUS_TEXT: Record<Exclude<ShareStatus, 'failed'>, TextKey> = {
  idle: 'share.status.idle',
  initialising: 'share.status.initialising',
  settingUp: 'share.status.settingUp',
  done: 'share.status.done',
};

const FAILURE_TEXT: Record<ShareFailure, TextKey> = {
  sdkLoad: 'share.failures.sdkLoad',
  signature: 'share.failures.signature',
  config: 'share.failures.config',
  apiUnavailable: 'share.failures.apiUnavailable',
};

/** The signature call's refusals the visitor can understand; any other failure reads "check the network…". */
const API_ERROR_TEXT: Record<string, TextKey> = {
  WECHAT_NOT_CONFIGURED: 'share.apiErrors.WECHAT_NOT_CONFIGURED',
  SIGNATURE_URL_NOT_ALLOWED: 'share.apiErrors.SIGNATURE_URL_NOT_ALLOWED',
  SIGNATURE_RATE_LIMITED: 'share.apiErrors.SIGNATURE_RATE_LIMITED',
  WECHAT_API_FAILED: 'share.apiErrors.WECHAT_API_FAILED',
};

type ShareType = 'friends' | 'timeline';

/**
 * The floating share panel of docs/product/wechat.md#share-panel (home page, WeChat only; loaded as its own
 * chunk, so other browsers never download it): the setup state, and the two share types. A page cannot open
 * WeChat's share sheet itself, so choosing a type says where in WeChat's menu to find it; the data it shares is
 * set up already.
 */
export default function WechatSharePanel({ share }: { share: ClientShareConfig }) {
  const { t } = useTranslation();
  const state = useWechatShare(share);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ShareType | null>(null);
  const bodyId = useId();

  return (
    <aside className="share-panel" data-share-state={state.status} aria-label={t('share.title')}>
      <button type="button" className="share-panel__toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((value) => !value)}>
        {t('share.title')}
      </button>
      <div id={bodyId} className="share-panel__body" hidden={!open}>
        <p className="share-panel__status" role="status">
          {statusText(state, t)}
        </p>
        <div className="share-panel__types" role="group" aria-label={t('share.types')}>
          {(['friends', 'timeline'] as const).map((type) => (
            <button
              key={type}
              type="button"
              className="share-panel__type"
              disabled={state.status !== 'done'}
              aria-pressed={chosen === type}
              onClick={() => setChosen(type)}
            >
              {t(type === 'friends' ? 'share.friends' : 'share.timeline')}
            </button>
          ))}
        </div>
        {chosen && state.status === 'done' ? <p className="share-panel__hint">{t(chosen === 'friends' ? 'share.hints.friends' : 'share.hints.timeline')}</p> : null}
        {state.status === 'failed' ? (
          <button type="button" className="share-panel__retry" onClick={state.retry}>
            {t('common.retry')}
          </button>
        ) : null}
      </div>
    </aside>
  );
}

/** docs/product/wechat.md#setup-failures: a failure shows what failed and the error message, or "check the network or retry later". */
function statusText(state: ShareState, t: (key: TextKey, values?: Record<string, string>) => string): string {
  if (state.status !== 'failed') return t(STATUS_TEXT[state.status]);
  const apiText = state.detail ? API_ERROR_TEXT[state.detail] : undefined;
  // WeChat's own errMsg (e.g. "config:invalid signature") is what the operator needs to see in a report.
  const detail = apiText ? t(apiText) : state.failure === 'config' || state.failure === 'apiUnavailable' ? state.detail : undefined;
  return t('share.failed', { reason: t(FAILURE_TEXT[state.failure ?? 'config']), detail: detail ?? t('share.retryLater') });
}
