import type { NotificationCall } from '@aipm/database';
import { costEstimateFen } from '@aipm/phone';
import type { LeadOfCall, NotificationCallsRepository } from './notification-calls.repository';
import { NotificationCallsService } from './notification-calls.service';
import { PhoneError } from './phone.error';

const AT = new Date('2026-11-24T02:00:00Z');

/** A logged attempt as the worker leaves it: placed with the speech-length estimate unless told otherwise. */
function call(id: string, fields: Partial<NotificationCall> = {}): NotificationCall {
  return {
    id, provider: 'aliyun', status: 'placed', trigger: 'new-lead', calledNumber: '+8613800138000', leadCount: 1, providerCallId: `p-${id}`,
    durationSeconds: 20, costEstimateFen: costEstimateFen(20), errorCode: null, error: null, createdAt: AT, finishedAt: AT,
    ...fields,
  } as NotificationCall;
}

/** The call log in memory: the calls, the lead each covered, and the details fetched from the providers. */
class InMemoryCallLog implements Pick<NotificationCallsRepository, keyof NotificationCallsRepository> {
  readonly calls: NotificationCall[] = [];
  readonly leads: LeadOfCall[] = [];
  readonly measured = new Map<string, number>();
  readonly askedLeads: string[][] = [];
  readonly askedMeasured: string[][] = [];

  async page() {
    return { rows: this.calls, offset: 0, total: this.calls.length, totalIsEstimate: false };
  }

  async find(id: string) {
    return this.calls.find((row) => row.id === id) ?? null;
  }

  async leadsOf(callIds: readonly string[]) {
    this.askedLeads.push([...callIds]);
    return this.leads.filter((lead) => callIds.includes(lead.callId));
  }

  async measuredSeconds(callIds: readonly string[]) {
    this.askedMeasured.push([...callIds]);
    return new Map([...this.measured].filter(([id]) => callIds.includes(id)));
  }
}

describe(NotificationCallsService.name, () => {
  let log: InMemoryCallLog;
  let service: NotificationCallsService;

  beforeEach(() => {
    log = new InMemoryCallLog();
    service = new NotificationCallsService(log as unknown as NotificationCallsRepository);
  });

  it('names the lead of an attempt that covered one, placed or not, and none for a batch', async () => {
    log.calls.push(call('c1'), call('c2', { status: 'failed', providerCallId: null, errorCode: 'LIMIT' }), call('c3', { leadCount: 3 }));
    log.leads.push({ callId: 'c1', kind: 'registration', leadId: 'r1', name: '张三' }, { callId: 'c2', kind: 'contact', leadId: 'm1', name: '李四' });
    const { rows } = await service.list({});
    expect(rows.map(({ id, leadKind, leadId, leadName }) => ({ id, leadKind, leadId, leadName }))).toEqual([
      { id: 'c1', leadKind: 'registration', leadId: 'r1', leadName: '张三' },
      { id: 'c2', leadKind: 'contact', leadId: 'm1', leadName: '李四' },
      { id: 'c3', leadKind: null, leadId: null, leadName: null },
    ]);
    expect(log.askedLeads).toEqual([['c1', 'c2']]);
  });

  it('shows the provider’s measured duration and its cost once fetched, else the estimate, and asks only for placed calls', async () => {
    log.calls.push(call('c1'), call('c2'), call('c3', { status: 'failed', providerCallId: null, durationSeconds: null, costEstimateFen: 0 }));
    log.measured.set('c1', 75);
    const { rows } = await service.list({});
    expect(rows.map(({ durationSeconds, durationMeasured, costEstimateFen: cost }) => ({ durationSeconds, durationMeasured, cost }))).toEqual([
      { durationSeconds: 75, durationMeasured: true, cost: costEstimateFen(75) },
      { durationSeconds: 20, durationMeasured: false, cost: costEstimateFen(20) },
      { durationSeconds: null, durationMeasured: false, cost: 0 },
    ]);
    expect(log.askedMeasured).toEqual([['c1', 'c2']]);
  });

  it('masks the number called', async () => {
    log.calls.push(call('c1'));
    expect((await service.find('c1')).calledNumber).toBe('**********8000');
  });

  it('refuses a call that is not in the log', async () => {
    await expect(service.find('gone')).rejects.toEqual(new PhoneError('NOTIFICATION_CALL_NOT_FOUND'));
  });
});
