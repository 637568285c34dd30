import { NotificationCallStatus, NotificationCallTrigger, PHONE_CONFIG_MESSAGES, type PhoneConfigResponse, type PhoneProvider } from '@aipm/contracts';
import { NotificationCall } from '@aipm/database';
import {
  aliyunConfigStatus,
  AliyunVoiceClient,
  announcementText,
  backupConfigStatus,
  costEstimateFen,
  type PhoneSettings,
  phoneSettings,
  speechSeconds,
  TEST_CALL_PARAMS,
  TwilioVoiceClient,
  VoiceCallError,
} from '@aipm/phone';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { API_ENV, type ApiEnv } from '../config/api-env';
import { PhoneError } from './phone.error';

/** How long the administrator waits for a provider before the test is reported failed. */
const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * The 通知设置 tab's status and tests (docs/product/phone.md#notification-settings-screen): each provider's configuration,
 * the primary's connection test (a signed read, no call) and a test call to the sales number (primary) or the backup
 * number (backup). A test call is logged like a lead call (trigger `test`), so it counts towards the per-number limits
 * the worker respects. Messages carry the provider's code and reason, never a credential or a signed URL.
 */
@Injectable()
export class PhoneTestService {
  private readonly logger = new Logger(PhoneTestService.name);
  private readonly settings: PhoneSettings;

  constructor(
    @Inject(API_ENV) private readonly env: ApiEnv,
    @InjectRepository(NotificationCall) private readonly calls: Repository<NotificationCall>,
  ) {
    this.settings = phoneSettings(env);
  }

  aliyunConfig(): PhoneConfigResponse {
    return aliyunConfigStatus(this.env);
  }

  backupConfig(): PhoneConfigResponse {
    return backupConfigStatus(this.env);
  }

  async testAliyunConnection(): Promise<string> {
    const primary = this.primary();
    try {
      await new AliyunVoiceClient(primary.client, PROVIDER_TIMEOUT_MS).checkConnection();
      return PHONE_CONFIG_MESSAGES.aliyunConnectionOk;
    } catch (error) {
      throw new PhoneError('ALIYUN_CONNECTION_FAILED', this.reason('ALIYUN_CONNECTION_FAILED', error));
    }
  }

  async testAliyunCall(): Promise<string> {
    const primary = this.primary();
    const client = new AliyunVoiceClient(primary.client, PROVIDER_TIMEOUT_MS);
    await this.placeTestCall('aliyun', primary.calledNumber, 'ALIYUN_PHONE_TEST_FAILED', (outId) => client.callByTts(primary.calledNumber, TEST_CALL_PARAMS, outId));
    return PHONE_CONFIG_MESSAGES.aliyunCallPlaced;
  }

  async testBackupCall(): Promise<string> {
    const backup = this.settings.backup;
    if (!backup) throw new PhoneError('PHONE_NOT_CONFIGURED', this.backupConfig().message);
    const client = new TwilioVoiceClient(backup.client, PROVIDER_TIMEOUT_MS);
    await this.placeTestCall('twilio', backup.calledNumber, 'PHONE_TEST_FAILED', () => client.call(backup.calledNumber, announcementText(TEST_CALL_PARAMS)));
    return PHONE_CONFIG_MESSAGES.backupCallPlaced;
  }

  private primary(): NonNullable<PhoneSettings['primary']> {
    if (!this.settings.primary) throw new PhoneError('ALIYUN_NOT_CONFIGURED', this.aliyunConfig().message);
    return this.settings.primary;
  }

  /** Logs the attempt (dialing, then placed or the provider's refusal) and throws `code` with the reason. */
  private async placeTestCall(
    provider: PhoneProvider,
    calledNumber: string,
    code: 'ALIYUN_PHONE_TEST_FAILED' | 'PHONE_TEST_FAILED',
    place: (outId: string) => Promise<{ providerCallId: string }>,
  ): Promise<void> {
    const row = await this.calls.save(this.calls.create({ provider, trigger: NotificationCallTrigger.Test, calledNumber, leadCount: 0 }));
    try {
      const placed = await place(row.id);
      const seconds = speechSeconds(announcementText(TEST_CALL_PARAMS), 2);
      await this.calls.update(row.id, {
        status: NotificationCallStatus.Placed,
        providerCallId: placed.providerCallId,
        durationSeconds: seconds,
        costEstimateFen: costEstimateFen(seconds),
        finishedAt: new Date(),
      });
    } catch (error) {
      const failure = error instanceof VoiceCallError ? error : null;
      const status = failure?.outcome === 'throttled' ? NotificationCallStatus.Throttled : failure?.outcome === 'refused' ? NotificationCallStatus.Refused : NotificationCallStatus.Failed;
      const reason = this.reason(code, error);
      await this.calls.update(row.id, { status, errorCode: (failure?.code ?? 'UNEXPECTED').slice(0, 64), error: reason, finishedAt: new Date() });
      throw new PhoneError(code, reason);
    }
  }

  /** The code's text and the provider's reason; an unexpected error is logged here and not shown. */
  private reason(code: 'ALIYUN_CONNECTION_FAILED' | 'ALIYUN_PHONE_TEST_FAILED' | 'PHONE_TEST_FAILED', error: unknown): string {
    const title = new PhoneError(code).message;
    if (error instanceof VoiceCallError) return `${title}：${error.message}`;
    this.logger.error(`phone test: ${error instanceof Error ? error.name : 'unknown error'}`);
    return title;
  }
}
