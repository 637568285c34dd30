import { LEAD_SETTINGS_KEYS, type LeadSettings, type LeadStatusReason, mergeLeadStatusReasons, parseLeadStatusReasons } from '@aipm/contracts';
import type { SaveLeadSettingsDto } from '@aipm/contracts/dto';
import { Injectable } from '@nestjs/common';
import { AdminConfigRepository } from '../common/admin-config/admin-config.repository';

/**
 * 线索设置 (docs/product/back-office.md#lead-settings): the reasons a lead is given up for, the whole list as
 * JSON in one admin_config row (ADR 044, ADR 068); no row means the defaults.
 */
@Injectable()
export class LeadSettingsService {
  constructor(private readonly config: AdminConfigRepository) {}

  async read(): Promise<LeadSettings> {
    const [row] = await this.config.rowsOf([LEAD_SETTINGS_KEYS.statusReasons]);
    const reasons = parseLeadStatusReasons(row?.value);
    // Offered first, in the stored order, then the retired ones.
    return { statusReasons: [...reasons.filter((reason) => !reason.retired), ...reasons.filter((reason) => reason.retired)] };
  }

  /** The reasons a status change may name now (retired ones are not among them). */
  async offeredReasons(): Promise<LeadStatusReason[]> {
    return (await this.read()).statusReasons.filter((reason) => !reason.retired);
  }

  /** A reason left out of the list is kept as retired: the leads that name it still show its label. */
  async save(dto: SaveLeadSettingsDto): Promise<LeadSettings> {
    const trimmed = dto.statusReasons.map(({ code, zh, en }) => ({ code, zh: zh.trim(), en: en.trim() }));
    const merged = mergeLeadStatusReasons((await this.read()).statusReasons, trimmed);
    await this.config.save([[LEAD_SETTINGS_KEYS.statusReasons, JSON.stringify(merged)]]);
    return this.read();
  }
}
