import { DEFAULT_LEAD_STATUS_REASONS, type LeadSettings, type LeadStatusReason } from '@aipm/contracts';
import type { SaveLeadSettingsDto } from '@aipm/contracts/dto';
import { boolean, listOf, recordSchema, text } from '../../common/openapi/schemas';

/* 线索设置's shapes and examples (docs/product/back-office.md#lead-settings); ADR 022. */

const REASON = recordSchema<LeadStatusReason>(
  'LeadStatusReason',
  {
    code: text('chose_competitor', 'Stored on the lead: lower-case letters, digits, _ or -'),
    zh: text('选择了其他机构'),
    en: text('Chose another provider'),
    retired: boolean(true, 'Taken off the list: no longer offered, still named on the leads that have it'),
  },
  { optional: ['retired'] },
);

export const LEAD_SETTINGS = recordSchema<LeadSettings>('LeadSettings', {
  statusReasons: listOf(REASON, 'Offered reasons in order, then the retired ones'),
});

export const SAVE_LEAD_SETTINGS_BODY: SaveLeadSettingsDto = {
  statusReasons: DEFAULT_LEAD_STATUS_REASONS.map(({ code, zh, en }) => ({ code, zh, en })),
};
