import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { createI18nProvider } from '../i18n/i18nProvider';

/** Renders inside react-admin's contexts (Chinese i18n, a memory router) with its toast area. */
export function renderInAdmin(ui: ReactElement) {
  return render(
    <AdminContext i18nProvider={createI18nProvider('')} store={memoryStore()}>
      {ui}
      <Notification />
    </AdminContext>,
  );
}

type FetchAnswer = { status: number; body?: unknown };

/** Replaces fetch with answers per "METHOD path"; returns the recorded calls. */
export function answerFetch(answers: Record<string, FetchAnswer | FetchAnswer[]>) {
  const calls: Array<{ key: string; body: unknown }> = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    calls.push({ key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const entry = answers[key];
    const answer = Array.isArray(entry) ? (entry.length > 1 ? entry.shift() : entry[0]) : entry;
    if (!answer) throw new TypeError(`unexpected fetch ${key}`);
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return { ok: answer.status < 400, status: answer.status, statusText: '', text: async () => text } as Response;
  }) as typeof fetch;
  return calls;
}
