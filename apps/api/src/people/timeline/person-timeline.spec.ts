import type { PersonTimelineEvent } from '@aipm/contracts';
import { identityOf, newestFirst } from './person-timeline.service';
import { staffEvents } from './timeline-sources';

const on = { resource: 'registrations' as const, id: 'r1' };
const at = '2026-11-28T02:00:00.000Z';

describe('the person timeline', () => {
  it('reads a status change and a note written with it from one audited edit', () => {
    expect(staffEvents('lead.status.change', on, 'admin@example.com', at, { status: 'new', note: null }, { status: 'lost', statusReason: 'too_expensive', note: '嫌贵' }, {})).toEqual([
      { kind: 'status_change', at, record: on, actor: 'admin@example.com', facts: { from: 'new', to: 'lost', reason: 'too_expensive' } },
      { kind: 'note', at, record: on, actor: 'admin@example.com', facts: { note: '嫌贵' } },
    ]);
  });

  it('shows nothing for an edit of the follow-up date alone, and enrolment with its student', () => {
    expect(staffEvents('lead.update', on, 'a', at, { followUpAt: null }, { followUpAt: at }, {})).toEqual([]);
    expect(staffEvents('lead.enrol', on, 'a', at, { status: 'new' }, { status: 'enrolled' }, { studentId: 's1' })).toEqual([{ kind: 'enrolment', at, record: on, actor: 'a', facts: { studentId: 's1' } }]);
  });

  it('puts the newest first and, at one instant, the record below what followed it', () => {
    const event = (kind: PersonTimelineEvent['kind'], time: string): PersonTimelineEvent => ({ kind, at: time, record: on, actor: null, facts: {} });
    const sorted = newestFirst([event('registration', at), event('payment', '2026-11-29T00:00:00.000Z'), event('consent', at)]);
    expect(sorted.map((entry) => entry.kind)).toEqual(['payment', 'consent', 'registration']);
  });

  it('names the person by every name, masked phone and email they used, each once', () => {
    expect(
      identityOf([
        { name: '张三 ', phone: '13800138000', email: 'Zhang@Example.com' },
        { name: '张三', phone: '138 0013 8000', email: null },
        { name: '张小三', phone: null, email: 'zhang@example.com' },
      ]),
    ).toEqual({ names: ['张三', '张小三'], phones: ['138****8000'], emails: ['zhang@example.com'] });
  });
});
