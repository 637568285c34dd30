import '../../test/support/jsdom-setup';
import { type PersonTimeline, personTimelinePath } from '@aipm/contracts';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { PersonPage } from './PersonPage';

const SLOW = { timeout: 5000 };
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
const REGISTRATION = '3f2b8c1e-7a4d-4e0b-9c51-2d6f8a9b0c12';
const MESSAGE = '5c4b3a29-1807-4f6e-9d5c-4b3a29180716';
const STUDENT = '0b5e9f0a-3f1c-4d7e-8a2b-6c9d0e1f2a3b';

const PERSON: PersonTimeline = {
  identity: { names: ['周九'], phones: ['137****0001'], emails: ['zhou9@example.com'] },
  records: [
    { resource: 'students', id: STUDENT, createdAt: '2026-11-28T02:00:00.000Z' },
    { resource: 'contact', id: MESSAGE, createdAt: '2026-11-27T02:00:00.000Z' },
    { resource: 'registrations', id: REGISTRATION, createdAt: '2026-11-26T02:00:00.000Z' },
  ],
  events: [
    { kind: 'payment', at: '2026-11-28T03:00:00.000Z', record: { resource: 'students', id: STUDENT }, actor: null, facts: { amountCents: 1_280_000, currency: 'CNY', kind: 'tuition', status: 'completed', paymentDate: '2026-11-28' } },
    { kind: 'status_change', at: '2026-11-27T05:00:00.000Z', record: { resource: 'registrations', id: REGISTRATION }, actor: 'admin@example.com', facts: { from: 'new', to: 'contacted', reason: null } },
    { kind: 'message', at: '2026-11-27T02:00:00.000Z', record: { resource: 'contact', id: MESSAGE }, actor: null, facts: { name: '周九', phone: '137****0001', subject: 'pricing', status: 'new', utmSource: null } },
    { kind: 'registration', at: '2026-11-26T02:00:00.000Z', record: { resource: 'registrations', id: REGISTRATION }, actor: null, facts: { name: '周九', phone: '137****0001', school: '湖南大学', major: '软件工程', status: 'contacted', repeatCount: 0, utmSource: 'wechat' } },
  ],
};

const renderPerson = (at: string, locale?: 'zh' | 'en') =>
  renderInAdmin(
    <Routes>
      <Route path="/people/:resource/:id" element={<PersonPage />} />
    </Routes>,
    { at, locale },
  );

describe(PersonPage.name, () => {
  it("shows the person a message names, their records and their timeline newest first, phones masked, money in yuan", async () => {
    const calls = answerFetch({ [`GET ${personTimelinePath('contact', MESSAGE)}`]: ok(PERSON) });
    renderPerson(`/people/messages/${MESSAGE}`);

    expect(await screen.findByRole('heading', { level: 1, name: '周九' }, SLOW)).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toEqual([`GET ${personTimelinePath('contact', MESSAGE)}`]);
    expect(screen.getByText('137****0001')).toBeInTheDocument();
    const records = within(screen.getByTestId('person-records-list')).getAllByRole('link');
    expect(records.map((link) => link.getAttribute('href'))).toEqual([`/students/${STUDENT}/show`, `/messages/${MESSAGE}`, `/registrations/${REGISTRATION}`]);

    const items = within(screen.getByTestId('person-timeline')).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-kind'))).toEqual(['payment', 'status_change', 'message', 'registration']);
    expect(items[0]).toHaveTextContent('¥12,800.00');
    expect(items[1]).toHaveTextContent('新报名 → 已联系');
    expect(items[1]).toHaveTextContent('操作人：admin@example.com');
    expect(items[3]).toHaveTextContent('湖南大学 · 软件工程，来源：wechat');
    expect(within(items[1]!).getByRole('link', { name: '打开此记录: 报名' })).toHaveAttribute('href', `/registrations/${REGISTRATION}`);
  });

  it('says in English when the record is gone, with a retry', async () => {
    answerFetch({ [`GET ${personTimelinePath('registrations', REGISTRATION)}`]: { status: 404, body: { success: false, code: 'LEAD_NOT_FOUND', message: '记录不存在或已被删除' } } });
    renderPerson(`/people/registrations/${REGISTRATION}`, 'en');
    expect(await screen.findByText(/^Could not load the person:/, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
