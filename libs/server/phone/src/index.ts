export { AliyunVoiceClient, type AliyunVoiceSettings } from './aliyun-voice.client';
export { TwilioVoiceClient, type TwilioVoiceSettings } from './twilio-voice.client';
export { VoiceCallError, type PlacedCall, type ProviderCallDetail, type VoiceCallOutcome } from './voice-call.error';
export {
  announcementParams,
  announcementText,
  costEstimateFen,
  crawlerCheckText,
  dailySummaryText,
  phoneTail,
  speechSeconds,
  TEST_CALL_PARAMS,
  type AnnouncementParams,
  type CrawlerCheckParams,
  type DailySummaryParams,
  type LeadSummary,
} from './announcement';
export { LONGEST_LIMIT_WINDOW_MS, nextCallAllowedAt } from './call-limits';
export { parseQuietHours, quietUntil, type QuietHours } from './quiet-hours';
export {
  ALIYUN_REQUIRED,
  aliyunConfigStatus,
  BACKUP_REQUIRED,
  backupConfigStatus,
  maskNumber,
  phoneSettings,
  type PhoneEnvValues,
  type PhoneSettings,
} from './phone-settings';
