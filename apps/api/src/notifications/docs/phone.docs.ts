import {
  type CrawlerCheckCallSettings,
  type DailySummarySettings,
  LEAD_KINDS,
  NOTIFICATION_CALL_STATUSES,
  NOTIFICATION_CALL_TRIGGERS,
  type NotificationCallResponse,
  PHONE_CONFIG_MESSAGES,
  PHONE_PROVIDERS,
  type PhoneConfigResponse,
  type PhoneTestResponse,
} from '@aipm/contracts';
import { boolean, constant, dateTime, integer, listOf, nullable, oneOf, recordSchema, text, uuid } from '../../common/openapi/schemas';

/* The phone notification routes' shapes and examples (provider status, tests, the call log); ADR 021, ADR 022. */

export const PHONE_CONFIG = recordSchema<PhoneConfigResponse>(
  'PhoneConfigResponse',
  {
    isValid: boolean(false, 'true when every variable is set'),
    message: text(PHONE_CONFIG_MESSAGES.aliyunIncomplete),
    missingFields: listOf(text('ALIYUN_VOICE_TTS_CODE'), 'The environment variables still to set, by name (never their values)'),
  },
  { description: 'The status of a provider (docs/product/phone.md#provider-status)' },
);

export const PHONE_TEST = recordSchema<PhoneTestResponse>('PhoneTestResponse', {
  success: constant(true),
  message: text(PHONE_CONFIG_MESSAGES.aliyunCallPlaced),
});

export const NOTIFICATION_CALL = recordSchema<NotificationCallResponse>(
  'NotificationCallResponse',
  {
    id: uuid(),
    provider: oneOf(PHONE_PROVIDERS, 'aliyun'),
    status: oneOf(NOTIFICATION_CALL_STATUSES, 'placed'),
    trigger: oneOf(NOTIFICATION_CALL_TRIGGERS, 'lead'),
    calledNumber: text('*******5678', 'All but the last four digits hidden'),
    leadCount: integer(1, 'Leads this call announced'),
    leadKind: nullable(oneOf(LEAD_KINDS, 'registration')),
    leadId: nullable(uuid('5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b')),
    leadName: nullable(text('张三')),
    providerCallId: nullable(text('116012354148^10281378****')),
    durationSeconds: nullable(integer(18, 'The duration the provider measured once the call ended, else the speech’s estimate')),
    durationMeasured: boolean(true, 'true once the provider’s record of the ended call replaced the estimate'),
    costEstimateFen: integer(13, 'Started minutes × 0.13 RMB of that duration, in fen'),
    errorCode: nullable(text('isv.BUSINESS_LIMIT_CONTROL')),
    error: nullable(text('触发号码天级流控')),
    createdAt: dateTime(),
    finishedAt: nullable(dateTime()),
  },
  { description: 'One attempt of one provider' },
);

export const DAILY_SUMMARY_SETTINGS = recordSchema<DailySummarySettings>(
  'DailySummarySettings',
  {
    enabled: boolean(false, 'Off by default: no summary call'),
    time: text('09:00', 'HH:mm in Asia/Shanghai'),
    ttsCode: text('TTS_300000002', "The Alibaba Cloud template with the variables due and waiting; '' while unset"),
  },
  { description: 'The daily summary call (docs/product/phone.md#daily-summary-call)' },
);

export const CRAWLER_CHECK_CALL_SETTINGS = recordSchema<CrawlerCheckCallSettings>(
  'CrawlerCheckCallSettings',
  {
    enabled: boolean(false, 'Off by default: nobody is called when a crawl waits for a human check'),
    ttsCode: text('TTS_300000003', "The Alibaba Cloud template with the variables site and minutes; '' while unset"),
  },
  { description: 'The call when a crawl waits for a human check (docs/product/phone.md#crawler-check-call)' },
);
