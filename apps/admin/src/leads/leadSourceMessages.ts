import type { LeadSourceKey } from '@aipm/contracts';

/**
 * The first-touch source keys as a lead's page shows them (docs/product/back-office.md#lead-follow-up: by label, not
 * the raw `landingPath`), under `aipm.lead_source`.
 */
export const zhLeadSourceMessages: Record<LeadSourceKey, string> = {
  utm_source: '来源（utm_source）',
  utm_medium: '媒介（utm_medium）',
  utm_campaign: '活动（utm_campaign）',
  utm_term: '关键词（utm_term）',
  utm_content: '内容（utm_content）',
  referrer: '来源页面',
  landingPath: '落地页',
};

export const enLeadSourceMessages: typeof zhLeadSourceMessages = {
  utm_source: 'Source (utm_source)',
  utm_medium: 'Medium (utm_medium)',
  utm_campaign: 'Campaign (utm_campaign)',
  utm_term: 'Term (utm_term)',
  utm_content: 'Content (utm_content)',
  referrer: 'Referring page',
  landingPath: 'Landing page',
};
