import {
  DAILY_SUMMARY_SETTINGS_KEYS,
  DAILY_SUMMARY_TIME_PATTERN,
  DAILY_SUMMARY_TTS_CODE_PATTERN,
  type DailySummarySettings,
  type ErrorCode,
  parseDailySummarySettings,
} from '@aipm/contracts';
import { Injectable } from '@nestjs/common';
import { AdminConfigRepository } from '../common/admin-config/admin-config.repository';
import { InvalidInputError } from '../common/errors/api.error';

const KEYS = Object.values(DAILY_SUMMARY_SETTINGS_KEYS);

/**
 * The daily summary call's setting (docs/product/phone.md#daily-summary-call), kept in admin_config and read by the
 * worker's minute check, so a change applies from the next minute without touching the queue.
 */
@Injectable()
export class DailySummarySettingsService {
  constructor(private readonly config: AdminConfigRepository) {}

  async read(): Promise<DailySummarySettings> {
    return parseDailySummarySettings(await this.config.rowsOf(KEYS));
  }

  /** Any subset of the fields, checked together with the stored rest: switching on needs a template code. */
  async save(body: unknown): Promise<DailySummarySettings> {
    const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const next = { ...(await this.read()) };
    if (input.enabled !== undefined) {
      if (typeof input.enabled !== 'boolean') throw invalid('enabled', 'PHONE_SUMMARY_ENABLED_INVALID');
      next.enabled = input.enabled;
    }
    if (input.time !== undefined) {
      if (typeof input.time !== 'string' || !DAILY_SUMMARY_TIME_PATTERN.test(input.time)) throw invalid('time', 'PHONE_SUMMARY_TIME_INVALID');
      next.time = input.time;
    }
    if (input.ttsCode !== undefined) {
      const code = typeof input.ttsCode === 'string' ? input.ttsCode.trim() : null;
      if (code === null || (code !== '' && !DAILY_SUMMARY_TTS_CODE_PATTERN.test(code))) throw invalid('ttsCode', 'PHONE_SUMMARY_TTS_CODE_INVALID');
      next.ttsCode = code;
    }
    // The primary speaks only from a registered template: on without one would be a setting that never calls.
    if (next.enabled && !next.ttsCode) throw invalid('ttsCode', 'PHONE_SUMMARY_TTS_CODE_INVALID');
    await this.config.save([
      [DAILY_SUMMARY_SETTINGS_KEYS.enabled, String(next.enabled)],
      [DAILY_SUMMARY_SETTINGS_KEYS.time, next.time],
      [DAILY_SUMMARY_SETTINGS_KEYS.ttsCode, next.ttsCode],
    ]);
    return next;
  }
}

const invalid = (field: string, code: ErrorCode) => InvalidInputError.forField(field, code);
