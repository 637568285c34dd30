import {
  CRAWLER_CHECK_CALL_SETTINGS_KEYS,
  type CrawlerCheckCallSettings,
  type ErrorCode,
  parseCrawlerCheckCallSettings,
  TTS_TEMPLATE_CODE_PATTERN,
} from '@aipm/contracts';
import { Injectable } from '@nestjs/common';
import { AdminConfigRepository } from '../common/admin-config/admin-config.repository';
import { InvalidInputError } from '../common/errors/api.error';

const KEYS = Object.values(CRAWLER_CHECK_CALL_SETTINGS_KEYS);

/**
 * The crawler check call's setting (docs/product/phone.md#crawler-check-call), kept in admin_config and read by the
 * notify worker at each call, so a change applies to the next wait without touching the queue.
 */
@Injectable()
export class CrawlerCheckSettingsService {
  constructor(private readonly config: AdminConfigRepository) {}

  async read(): Promise<CrawlerCheckCallSettings> {
    return parseCrawlerCheckCallSettings(await this.config.rowsOf(KEYS));
  }

  /** Any subset of the fields, checked together with the stored rest: switching on needs a template code. */
  async save(body: unknown): Promise<CrawlerCheckCallSettings> {
    const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const next = { ...(await this.read()) };
    if (input.enabled !== undefined) {
      if (typeof input.enabled !== 'boolean') throw invalid('enabled', 'PHONE_CRAWLER_CHECK_ENABLED_INVALID');
      next.enabled = input.enabled;
    }
    if (input.ttsCode !== undefined) {
      const code = typeof input.ttsCode === 'string' ? input.ttsCode.trim() : null;
      if (code === null || (code !== '' && !TTS_TEMPLATE_CODE_PATTERN.test(code))) throw invalid('ttsCode', 'PHONE_CRAWLER_CHECK_TTS_CODE_INVALID');
      next.ttsCode = code;
    }
    // The primary speaks only from a registered template: on without one would be a setting that never calls it.
    if (next.enabled && !next.ttsCode) throw invalid('ttsCode', 'PHONE_CRAWLER_CHECK_TTS_CODE_INVALID');
    await this.config.save([
      [CRAWLER_CHECK_CALL_SETTINGS_KEYS.enabled, String(next.enabled)],
      [CRAWLER_CHECK_CALL_SETTINGS_KEYS.ttsCode, next.ttsCode],
    ]);
    return next;
  }
}

const invalid = (field: string, code: ErrorCode) => InvalidInputError.forField(field, code);
