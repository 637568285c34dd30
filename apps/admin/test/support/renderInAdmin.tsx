import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AdminContext, type DataProvider, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { adminDataProvider } from '../../src/adminDataProvider';
import { ENGLISH_CATALOGUE } from '../../src/i18n/english';
import { createI18nProvider } from '../../src/i18n/i18nProvider';
import { createAdminQueryClient } from '../../src/data/queryClient';
import { SECTION_MESSAGES } from '../../src/sectionMessages';
import { AdminNotification } from '../../src/toast/AdminNotification';

export interface RenderInAdminOptions {
  /**
   * A stub for screens that read data (lists, edit pages); without one, the back office's own data provider (its
   * calls answered by answerFetch), which carries every section's calls (ADR 048).
   */
  dataProvider?: DataProvider;
  /** Start at this location in a memory router (for screens that read route parameters). */
  at?: string;
  /**
   * The back office's language (zh unless given), as the public site's `lng` cookie would choose it. The English
   * catalogue is handed in as if already fetched (the page's head start fetches it, headStart.ts).
   */
  locale?: 'zh' | 'en';
}

/** Renders inside react-admin's contexts (Chinese i18n, the app's query policy, a router) with its toast area. */
export function renderInAdmin(ui: ReactElement, options: RenderInAdminOptions = {}) {
  const admin = (
    <AdminContext i18nProvider={createI18nProvider(SECTION_MESSAGES, options.locale ? `lng=${options.locale}` : '', ENGLISH_CATALOGUE)} store={memoryStore()} queryClient={createAdminQueryClient()} dataProvider={options.dataProvider ?? adminDataProvider}>
      {ui}
      <AdminNotification />
    </AdminContext>
  );
  return render(options.at ? <MemoryRouter initialEntries={[options.at]}>{admin}</MemoryRouter> : admin);
}

/** An answer's status, JSON body and headers (a list's Content-Range, which react-admin's lists read). */
type FetchAnswer = { status: number; body?: unknown; headers?: Record<string, string> };

/** Replaces fetch with answers per "METHOD path"; returns the recorded calls. */
export function answerFetch(answers: Record<string, FetchAnswer | FetchAnswer[]>) {
  const calls: Array<{ key: string; body: unknown }> = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    calls.push({ key, body: init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined });
    const entry = answers[key];
    const answer = Array.isArray(entry) ? (entry.length > 1 ? entry.shift() : entry[0]) : entry;
    if (!answer) throw new TypeError(`unexpected fetch ${key}`);
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return { ok: answer.status < 400, status: answer.status, statusText: '', headers: new Headers(answer.headers), text: async () => text } as Response;
  }) as typeof fetch;
  return calls;
}
