import { LEAD_SOURCE_KEYS } from './lead.enums';
import { LEAD_LIMITS } from './lead.messages';

/**
 * The first-touch source: an object of known keys with short text values. Checked by hand rather than as a
 * nested DTO, because class-transformer's @Type needs reflect-metadata, which browsers do not load.
 */
export function isLeadSource(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([key, text]) => {
    if (!(LEAD_SOURCE_KEYS as readonly string[]).includes(key) || typeof text !== 'string') return false;
    return text.length <= (key === 'referrer' || key === 'landingPath' ? LEAD_LIMITS.sourceUrl : LEAD_LIMITS.sourceValue);
  });
}
