import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { letterTag } from '../support/tag';

/**
 * Leads for the back-office journeys, created the way visitors create them: through the public form calls.
 * The forms allow FORM_RATE_LIMIT_PER_MINUTE (5) submissions per client IP and form in any sliding minute (ADR 039). The
 * e2e system trusts X-Forwarded-For from loopback (TRUST_PROXY, playwright.config.ts), so each seeding stands
 * for its own visitor address (TEST-NET-3), as distinct visitors would; a 429 is still waited out with its Retry-After.
 */
let visitorCount = Math.floor(Math.random() * 200);

async function submit(request: APIRequestContext, path: string, data: Record<string, unknown>, visitor: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const response = await request.post(path, { data, headers: { 'X-Forwarded-For': visitor } });
    if (response.status() !== 429) {
      expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
      return;
    }
    const seconds = Number(response.headers()['retry-after'] ?? 60);
    await new Promise((resolve) => setTimeout(resolve, (Math.min(seconds, 61) + 1) * 1000));
  }
  throw new Error(`${path} is still rate limited after waiting twice`);
}

export interface SeedPerson {
  name: string;
  phone: string;
  email: string;
}

export interface SeededLeads {
  /** In every seeded name: searching it shows this run's leads only. */
  tag: string;
  /** Registered twice within 24 hours (one lead, one repeat) and also sent a message. */
  repeat: SeedPerson;
  second: SeedPerson;
  third: SeedPerson;
  /** Sent a technical question only. */
  asker: SeedPerson;
}

function randomDigits(count: number): string {
  return Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');
}

function person(tag: string, label: string, mailbox: string, prefix: string): SeedPerson {
  return { name: `${label}${tag}`, phone: `${prefix}${randomDigits(8)}`, email: `${mailbox}.${tag}@example.cn` };
}

/** Four registration submissions (three leads, one repeat) and two consultation messages. */
export async function seedLeads(request: APIRequestContext, project: string): Promise<SeededLeads> {
  const tag = letterTag(project);
  visitorCount += 1;
  const visitor = `203.0.113.${(visitorCount % 254) + 1}`;
  const leads: SeededLeads = {
    tag,
    repeat: person(tag, '甲', 'jia', '138'),
    second: person(tag, '乙', 'yi', '139'),
    third: person(tag, '丙', 'bing', '137'),
    asker: person(tag, '丁', 'ding', '136'),
  };
  const register = (who: SeedPerson, school: string) =>
    submit(request, '/api/registrations', { name: who.name, phone: who.phone, email: who.email, school, major: '计算机科学', goals: '转行做 AI 产品经理', agreement: true }, visitor);

  await register(leads.repeat, '中南大学');
  await register(leads.second, '湖南大学');
  await register(leads.third, '湘潭大学');
  // The same phone again (written with a country code and spaces): counted on the first lead, not a new one.
  await submit(request, '/api/registrations', {
    name: leads.repeat.name,
    phone: `+86 ${leads.repeat.phone.slice(0, 3)} ${leads.repeat.phone.slice(3, 7)} ${leads.repeat.phone.slice(7)}`,
    school: '中南大学',
    major: '计算机科学',
    agreement: true,
  }, visitor);
  await submit(request, '/api/contact', { name: leads.repeat.name, phone: leads.repeat.phone, email: leads.repeat.email, subject: 'course', message: '想了解课程安排' }, visitor);
  await submit(request, '/api/contact', { name: leads.asker.name, phone: leads.asker.phone, email: leads.asker.email, subject: 'technical', message: '需要自带电脑吗？' }, visitor);
  return leads;
}

/** Deletes every lead through the administrator's API (the page's signed-in request context). */
export async function clearLeads(request: APIRequestContext): Promise<void> {
  for (const path of ['/api/registrations', '/api/contact']) {
    for (;;) {
      const list = await request.get(`${path}?range=${encodeURIComponent('[0,99]')}`);
      expect(list.ok(), `${path} answered ${list.status()}`).toBe(true);
      const { data } = (await list.json()) as { data: Array<{ id: string }> };
      if (data.length === 0) break;
      for (const { id } of data) expect((await request.delete(`${path}/${id}`)).ok()).toBe(true);
    }
  }
}

/** A calendar day in China time (the admin's date filters read bare days so), `offset` days from today. */
export function chinaDay(offset = 0): string {
  return new Date(Date.now() + 8 * 60 * 60 * 1000 + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A minute in China time, `minutes` from now, as the follow-up form's datetime-local field takes it. */
export function chinaMinute(minutes: number): string {
  return new Date(Date.now() + 8 * 60 * 60 * 1000 + minutes * 60 * 1000).toISOString().slice(0, 16);
}

/** The lead lists' search boxes, by their placeholder. */
export const SEARCH_REGISTRATIONS = '搜索姓名、手机、邮箱、学校';
export const SEARCH_MESSAGES = '搜索姓名、手机、邮箱、内容';

/**
 * Types `text` into a lead list's search and waits until the list has applied it (react-admin applies a search
 * after a pause in typing). Until then the list shows the first page unsearched, and a link clicked there is undone
 * by the search's own navigation when it comes, which takes the browser back to the list.
 */
export async function search(page: Page, placeholder: string, text: string): Promise<void> {
  await page.getByPlaceholder(placeholder).fill(text);
  await expect.poll(() => decodeURIComponent(page.url())).toContain(`"q":"${text}"`);
}
