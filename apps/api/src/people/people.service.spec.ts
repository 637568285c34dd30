import type { StudentExport } from '@aipm/contracts';
import type { ContactMessage, Registration } from '@aipm/database';
import { LeadError } from '../leads/lead.error';
import type { StudentsService } from '../students/students.service';
import type { PeopleRepository, PersonIdentity, PersonLeads, PersonRecord } from './people.repository';
import { PeopleService } from './people.service';

const AGREED_AT = new Date('2026-11-20T02:00:00Z');

/** A stored registration as the repository returns it. */
function registration(fields: Partial<Registration>): Registration {
  return {
    id: 'r1', name: '张三', phone: '138 0013 8000', phoneNormalized: '+8613800138000', email: 'zhang@example.com', school: '湖南大学', major: '软件工程', goals: '',
    status: 'new', note: null, followUpAt: null, repeatCount: 0, lastRepeatedAt: null, source: null,
    agreementVersion: '2026-11', agreedAt: AGREED_AT, agreementIp: '203.0.113.9', agreementUserAgent: 'Mozilla/5.0', createdAt: AGREED_AT,
    ...fields,
  } as Registration;
}

/** The repository's calls over records and leads kept in memory. */
class InMemoryPeople implements Pick<PeopleRepository, keyof PeopleRepository> {
  records = new Map<string, PersonRecord>();
  leads: PersonLeads = { registrations: [], messages: [], notifications: [], studentIds: [] };
  erased: PersonIdentity[] = [];

  async recordOf(_resource: string, id: string): Promise<PersonRecord | null> {
    return this.records.get(id) ?? null;
  }

  async eraseLeads(person: PersonIdentity) {
    this.erased.push(person);
    return { registrations: this.leads.registrations.length, messages: this.leads.messages.length };
  }

  async leadsOf(): Promise<PersonLeads> {
    return this.leads;
  }
}

describe(PeopleService.name, () => {
  let people: InMemoryPeople;
  let erasedStudents: Array<[string | null, string | null]>;
  let service: PeopleService;
  const studentExport = { student: { phone: '139-0000-1111', email: 'Li.Si@Example.com' } } as unknown as StudentExport;

  beforeEach(() => {
    people = new InMemoryPeople();
    erasedStudents = [];
    const students: Pick<StudentsService, 'eraseMatching' | 'export'> = {
      eraseMatching: async (phone, email) => {
        erasedStudents.push([phone, email]);
        return 1;
      },
      export: async () => studentExport,
    };
    service = new PeopleService(people as unknown as PeopleRepository, students as StudentsService);
  });

  it('names a person by a phone in E.164 and a lower-cased email', async () => {
    expect(await service.identify({ phone: '+86 138-0013-8000', email: 'Zhang@Example.COM' })).toEqual({ phone: '+8613800138000', email: 'zhang@example.com' });
    expect(await service.identify({ email: 'a@b.cn' })).toEqual({ phone: null, email: 'a@b.cn' });
  });

  it('names a person by one of their records, and refuses a record that is gone', async () => {
    people.records.set('s1', { phone: '139 0000 1111', phoneNormalized: null, email: 'LI@X.CN' });
    expect(await service.identify({ resource: 'students', id: 's1' })).toEqual({ phone: '+8613900001111', email: 'li@x.cn' });
    await expect(service.identify({ resource: 'registrations', id: 'gone' })).rejects.toEqual(new LeadError('LEAD_NOT_FOUND'));
    await expect(service.revealPhone('contact', 'gone')).rejects.toBeInstanceOf(LeadError);
  });

  it('shows a phone in full as it was typed', async () => {
    people.records.set('r1', { phone: '138 0013 8000', phoneNormalized: '+8613800138000', email: null });
    expect(await service.revealPhone('registrations', 'r1')).toBe('138 0013 8000');
  });

  it('erases the leads and the student records of the same person, and counts both', async () => {
    people.leads.registrations = [registration({})];
    expect(await service.erase({ phone: '13800138000' })).toEqual({ registrations: 1, messages: 0, students: 1 });
    expect(people.erased).toEqual([{ phone: '+8613800138000', email: null }]);
    expect(erasedStudents).toEqual([['+8613800138000', null]]);
  });

  it('exports every phone and email the person used, phones in full, and each consent given', async () => {
    people.leads = {
      registrations: [registration({}), registration({ id: 'r2', agreementVersion: null, agreedAt: null, email: null })],
      messages: [{ id: 'm1', name: '张三', phone: '13800138000', phoneNormalized: '+8613800138000', email: 'ZHANG@example.com', subject: 'course', message: '你好', status: 'new', note: null, followUpAt: null, repeatCount: 0, lastRepeatedAt: null, source: null, createdAt: AGREED_AT } as unknown as ContactMessage],
      notifications: [],
      studentIds: ['s1'],
    };
    const copy = await service.export({ phone: '13800138000' }, new Date('2026-11-28T00:00:00Z'));
    expect(copy.identity).toEqual({ phones: ['+8613800138000', '+8613900001111'], emails: ['zhang@example.com', 'li.si@example.com'] });
    expect(copy.registrations.map((row) => row.phone)).toEqual(['138 0013 8000', '138 0013 8000']);
    expect(copy.consents).toEqual([{ registrationId: 'r1', version: '2026-11', agreedAt: AGREED_AT.toISOString(), ip: '203.0.113.9', userAgent: 'Mozilla/5.0' }]);
    expect(copy.students).toEqual([studentExport]);
    expect(copy.exportedAt).toBe('2026-11-28T00:00:00.000Z');
  });
});
