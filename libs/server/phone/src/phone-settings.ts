import { PHONE_CONFIG_MESSAGES, type PhoneConfigResponse } from '@aipm/contracts';
import type { AliyunVoiceSettings } from './aliyun-voice.client';
import { parseQuietHours, type QuietHours } from './quiet-hours';
import type { TwilioVoiceSettings } from './twilio-voice.client';

/** The environment variables of the phone calls (validated at boot by @aipm/config's PhoneEnv). */
export interface PhoneEnvValues {
  ALIYUN_ACCESS_KEY_ID?: string;
  ALIYUN_ACCESS_KEY_SECRET?: string;
  ALIYUN_VOICE_TTS_CODE?: string;
  ALIYUN_VOICE_SHOW_NUMBER?: string;
  ALIYUN_VOICE_ENDPOINT: string;
  PHONE_SALES_NUMBER?: string;
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM_NUMBER?: string;
  TWILIO_BACKUP_TO?: string;
  TWILIO_API_BASE: string;
  PHONE_QUIET_HOURS: string;
  PHONE_TIME_ZONE: string;
}

/** The primary is usable with these set (ALIYUN_VOICE_SHOW_NUMBER is optional: public mode without it). */
export const ALIYUN_REQUIRED = ['ALIYUN_ACCESS_KEY_ID', 'ALIYUN_ACCESS_KEY_SECRET', 'ALIYUN_VOICE_TTS_CODE', 'PHONE_SALES_NUMBER'] as const;
export const BACKUP_REQUIRED = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER', 'TWILIO_BACKUP_TO'] as const;

export interface PhoneSettings {
  primary: { client: AliyunVoiceSettings; calledNumber: string } | null;
  backup: { client: TwilioVoiceSettings; calledNumber: string } | null;
  quietHours: QuietHours | null;
}

const missing = (env: PhoneEnvValues, names: readonly (keyof PhoneEnvValues)[]) => names.filter((name) => !env[name]);

export function phoneSettings(env: PhoneEnvValues): PhoneSettings {
  const primaryReady = missing(env, ALIYUN_REQUIRED).length === 0;
  const backupReady = missing(env, BACKUP_REQUIRED).length === 0;
  return {
    primary: primaryReady
      ? {
          client: {
            accessKeyId: env.ALIYUN_ACCESS_KEY_ID!,
            accessKeySecret: env.ALIYUN_ACCESS_KEY_SECRET!,
            endpoint: env.ALIYUN_VOICE_ENDPOINT,
            ttsCode: env.ALIYUN_VOICE_TTS_CODE!,
            showNumber: env.ALIYUN_VOICE_SHOW_NUMBER || undefined,
          },
          calledNumber: env.PHONE_SALES_NUMBER!,
        }
      : null,
    backup: backupReady
      ? {
          client: { accountSid: env.TWILIO_ACCOUNT_SID!, authToken: env.TWILIO_AUTH_TOKEN!, fromNumber: env.TWILIO_FROM_NUMBER!, apiBase: env.TWILIO_API_BASE },
          calledNumber: env.TWILIO_BACKUP_TO!,
        }
      : null,
    quietHours: parseQuietHours(env.PHONE_QUIET_HOURS, env.PHONE_TIME_ZONE),
  };
}

/** The primary's configuration status (docs/product/phone.md#provider-status; GET /api/admin/aliyun-config). */
export function aliyunConfigStatus(env: PhoneEnvValues): PhoneConfigResponse {
  const missingFields = missing(env, ALIYUN_REQUIRED);
  return missingFields.length === 0
    ? { isValid: true, message: PHONE_CONFIG_MESSAGES.aliyunComplete, missingFields }
    : { isValid: false, message: `${PHONE_CONFIG_MESSAGES.aliyunIncomplete}：${missingFields.join(', ')}`, missingFields };
}

/** The backup's configuration status (docs/product/phone.md#provider-status; GET /api/admin/phone-config). */
export function backupConfigStatus(env: PhoneEnvValues): PhoneConfigResponse {
  const missingFields = missing(env, BACKUP_REQUIRED);
  return missingFields.length === 0
    ? { isValid: true, message: PHONE_CONFIG_MESSAGES.backupComplete, missingFields }
    : { isValid: false, message: `${PHONE_CONFIG_MESSAGES.backupIncomplete}：${missingFields.join(', ')}`, missingFields };
}

/** A number for the log and the screen: all but the last four characters hidden (a SIP address keeps its host). */
export function maskNumber(number: string): string {
  const sip = /^sip:([^@]+)@(.+)$/.exec(number);
  if (sip) return `sip:${'*'.repeat(Math.min(sip[1].length, 6))}@${sip[2]}`;
  return number.length <= 4 ? '*'.repeat(number.length) : `${'*'.repeat(number.length - 4)}${number.slice(-4)}`;
}
