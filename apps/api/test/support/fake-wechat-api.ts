import path from 'node:path';

export type WechatCall = 'token' | 'ticket';

export interface FakeWechatApi {
  /** WECHAT_API_BASE for an API that should call it. */
  url: string;
  calls: Record<WechatCall, number>;
  requests: Array<{ method: string; path: string; query: Record<string, string> }>;
  tickets: string[];
  failNext(call: WechatCall, errcode: number, times?: number): void;
  expireTokens(): void;
  invalidateTokens(): void;
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_WECHAT_ERRCODES = { invalidCredential: 40001, accessTokenExpired: 42001, quotaReached: 45009 } as const;

/** The WeChat API stand-in of tools/fake-wechat (plain ESM, shared with the browser journeys and demos). */
export async function startFakeWechatApi(options: { appId: string; appSecret: string; latencyMs?: number }): Promise<FakeWechatApi> {
  const modulePath = path.resolve(__dirname, '../../../../tools/fake-wechat/fake-wechat-api.mjs');
  const module = (await import(modulePath)) as { startFakeWechatApi(options: object): Promise<FakeWechatApi> };
  return module.startFakeWechatApi(options);
}
