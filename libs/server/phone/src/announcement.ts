import { CALL_COST_FEN_PER_MINUTE, type LeadKind } from '@aipm/contracts';

/** What a call says about a lead; read from the lead's row when the call is made (never copied into a queue). */
export interface LeadSummary {
  kind: LeadKind;
  name: string;
  phone: string;
  /** Registration: its goals or major; consultation: its subject. */
  interest: string;
}

/**
 * The variables of the Alibaba Cloud TTS template, whose text the operator registers in the console (README):
 *   您有${count}条新线索。最新一条：${kind}，${name}，手机尾号${tail}，意向${course}。请在24小时内跟进。
 * Alibaba Cloud limits a variable's value to 20 characters, so long values are cut.
 */
export interface AnnouncementParams {
  count: string;
  kind: string;
  name: string;
  tail: string;
  course: string;
}

const KIND_WORDS: Record<LeadKind, string> = { registration: '报名', contact: '咨询' };
const VARIABLE_MAX = 20;

const cut = (value: string) => (Array.from(value.trim()).length > VARIABLE_MAX ? Array.from(value.trim()).slice(0, VARIABLE_MAX).join('') : value.trim());

/** Only the last four digits of the lead's phone are ever spoken (the call may be heard by others). */
export function phoneTail(phone: string): string {
  return phone.replace(/\D/g, '').slice(-4);
}

/** The newest lead is named; the count says how many are waiting (several after quiet hours or a limit). */
export function announcementParams(leads: readonly LeadSummary[]): AnnouncementParams {
  if (leads.length === 0) throw new Error('an announcement needs at least one lead');
  const newest = leads[leads.length - 1];
  return {
    count: String(leads.length),
    kind: KIND_WORDS[newest.kind],
    name: cut(newest.name) || '未留姓名',
    tail: phoneTail(newest.phone) || '无',
    course: cut(newest.interest) || '未填写',
  };
}

/** The same announcement as one sentence, for the backup provider's text-to-speech (TwiML <Say>). */
export function announcementText(params: AnnouncementParams): string {
  return `您有${params.count}条新线索。最新一条：${params.kind}，${params.name}，手机尾号${params.tail}，意向${params.course}。请在24小时内跟进。`;
}

/** The fixed text of an administrator's test call. */
export const TEST_CALL_PARAMS: AnnouncementParams = { count: '0', kind: '测试', name: '测试电话', tail: '0000', course: '通知设置' };

/**
 * The variables of the daily summary's Alibaba Cloud TTS template (docs/product/phone.md#daily-summary-call):
 *   早上好，今天有${due}条跟进到期或逾期，${waiting}条新线索等待首次联系。
 */
export interface DailySummaryParams {
  due: string;
  waiting: string;
}

/** The same summary as one sentence, for the backup provider's text-to-speech. */
export function dailySummaryText(params: DailySummaryParams): string {
  return `早上好，今天有${params.due}条跟进到期或逾期，${params.waiting}条新线索等待首次联系。`;
}

/**
 * The variables of the crawler check call's Alibaba Cloud TTS template (docs/product/phone.md#crawler-check-call):
 *   爬虫任务在${site}遇到验证，正在等待处理，请在${minutes}分钟内打开后台的实时画面。
 * `site` is the site's Chinese name (BOSS直聘 …), `minutes` the whole minutes left before the site is skipped.
 */
export interface CrawlerCheckParams {
  site: string;
  minutes: string;
}

/** The same sentence, for the backup provider's text-to-speech. */
export function crawlerCheckText(params: CrawlerCheckParams): string {
  return `爬虫任务在${params.site}遇到验证，正在等待处理，请在${params.minutes}分钟内打开后台的实时画面。`;
}

/** About four Chinese characters a second at the default speed, read twice by the primary (PlayTimes 2). */
export function speechSeconds(text: string, playTimes = 1): number {
  return Math.ceil((Array.from(text).length / 4) * playTimes);
}

/** Started minutes × 0.13 RMB (docs/product/constants.md#phone-notifications), in fen. */
export function costEstimateFen(seconds: number): number {
  return seconds <= 0 ? 0 : Math.ceil(seconds / 60) * CALL_COST_FEN_PER_MINUTE;
}
