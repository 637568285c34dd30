import type { ClientShareConfig } from '@aipm/contracts';
import { useCallback, useEffect, useState } from 'react';

import { configure, loadWechatSdk, requestSignature, type ShareFailure, ShareSetupError, setShareData } from '~/wechat/wechat-sdk';

/** docs/product/wechat.md#panel-states: idle → initialising → setting up → done or failed. */
export type ShareStatus = 'idle' | 'initialising' | 'settingUp' | 'done' | 'failed';

export interface ShareState {
  status: ShareStatus;
  failure?: ShareFailure;
  detail?: string;
}

/**
 * Sets the page's share data in WeChat as soon as the panel mounts: load the SDK, get the signature, wx.config,
 * then both share APIs. The visitor shares from WeChat's own menu, so this runs whether or not the panel is open.
 */
export function useWechatShare(share: ClientShareConfig): ShareState & { retry: () => void } {
  const [state, setState] = useState<ShareState>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const { title, desc, link, imgUrl } = share;

  useEffect(() => {
    let current = true;
    const set = (next: ShareState) => current && setState(next);
    (async () => {
      set({ status: 'initialising' });
      const wx = await loadWechatSdk();
      const signature = await requestSignature(window.location.href);
      set({ status: 'settingUp' });
      await configure(wx, signature);
      await setShareData(wx, { title, desc, link, imgUrl });
      set({ status: 'done' });
    })().catch((error: unknown) =>
      set(error instanceof ShareSetupError ? { status: 'failed', failure: error.failure, detail: error.detail } : { status: 'failed', failure: 'config' }),
    );
    return () => {
      current = false;
    };
  }, [title, desc, link, imgUrl, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, retry };
}
