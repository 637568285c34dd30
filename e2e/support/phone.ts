import { E2E_WECHAT } from './wechat';

const wechatPort = Number(new URL(E2E_WECHAT.apiBase).port);

/**
 * The voice providers the journeys' system calls: local stand-ins of Alibaba Cloud voice (tools/fake-aliyun)
 * and Twilio (tools/fake-twilio), on the two ports after WeChat's (3912 and 3913 by default, their serve.mjs
 * defaults). Their /__state lists the calls they took.
 */
export const E2E_PHONE = {
  aliyun: {
    url: `http://127.0.0.1:${wechatPort + 1}`,
    accessKeyId: 'LTAI5tE2eTestKey0000000',
    accessKeySecret: 'e2eTestSecret000000000000000000',
    ttsCode: 'TTS_300000001',
  },
  twilio: {
    url: `http://127.0.0.1:${wechatPort + 2}`,
    accountSid: 'AC00000000000000000000000000e2e000',
    authToken: '0000000000000000000000000000e2e0',
    from: '+15005550006',
    backupTo: '+85255501234',
  },
  salesNumber: '13800138000',
} as const;

/** The system's phone variables, pointed at the stand-ins. Quiet hours off: the journeys run at any hour. */
export const E2E_PHONE_ENV: Record<string, string> = {
  ALIYUN_ACCESS_KEY_ID: E2E_PHONE.aliyun.accessKeyId,
  ALIYUN_ACCESS_KEY_SECRET: E2E_PHONE.aliyun.accessKeySecret,
  ALIYUN_VOICE_TTS_CODE: E2E_PHONE.aliyun.ttsCode,
  ALIYUN_VOICE_ENDPOINT: E2E_PHONE.aliyun.url,
  PHONE_SALES_NUMBER: E2E_PHONE.salesNumber,
  TWILIO_ACCOUNT_SID: E2E_PHONE.twilio.accountSid,
  TWILIO_AUTH_TOKEN: E2E_PHONE.twilio.authToken,
  TWILIO_FROM_NUMBER: E2E_PHONE.twilio.from,
  TWILIO_BACKUP_TO: E2E_PHONE.twilio.backupTo,
  TWILIO_API_BASE: E2E_PHONE.twilio.url,
  PHONE_QUIET_HOURS: 'off',
};
