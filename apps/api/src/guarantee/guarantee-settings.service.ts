import { DEFAULT_GUARANTEE_TERMS, GUARANTEE_LIMITS, GUARANTEE_SETTING_KEYS, type GuaranteeTerms } from '@aipm/contracts';
import type { UpdateGuaranteeSettingsDto } from '@aipm/contracts/dto';
import { Injectable } from '@nestjs/common';
import { AdminConfigRepository } from '../common/admin-config/admin-config.repository';

const TERMS = Object.keys(GUARANTEE_SETTING_KEYS) as Array<keyof GuaranteeTerms>;

/**
 * The salary guarantee's default terms (docs/product/guarantee.md#terms), kept in admin_config one key per term
 * (ADR 044); a key without a row, or with a value out of bounds, has the programme's default.
 */
@Injectable()
export class GuaranteeSettingsService {
  constructor(private readonly config: AdminConfigRepository) {}

  async read(): Promise<GuaranteeTerms> {
    const rows = await this.config.rowsOf(Object.values(GUARANTEE_SETTING_KEYS));
    const stored = new Map(rows.map((row) => [row.key, Number(row.value)]));
    const terms = { ...DEFAULT_GUARANTEE_TERMS };
    for (const term of TERMS) {
      const value = stored.get(GUARANTEE_SETTING_KEYS[term]);
      const { min, max } = GUARANTEE_LIMITS[term];
      if (value !== undefined && Number.isInteger(value) && value >= min && value <= max) terms[term] = value;
    }
    return terms;
  }

  async update(dto: UpdateGuaranteeSettingsDto): Promise<GuaranteeTerms> {
    const values = TERMS.filter((term) => dto[term] !== undefined).map((term) => [GUARANTEE_SETTING_KEYS[term], String(dto[term])] as const);
    if (values.length > 0) await this.config.save(values);
    return this.read();
  }
}
