import { LeadKind, NotificationCallStatus, NotificationCallTrigger, type PhoneProvider } from '@aipm/contracts';
import { phoneSettings, VoiceCallError } from '@aipm/phone';
import { AnnouncementFailedError, type VoiceClients } from './call-route';
import { LeadAnnouncer } from './lead-announcer';
import type { CallOutcome, ClaimedCall, LeadNotificationStore, PendingLead } from './lead-notification.repository';

// 2026-11-24 10:00 and 23:30 in Asia/Shanghai.
const MORNING = new Date('2026-11-24T02:00:00Z');
const NIGHT = new Date('2026-11-24T15:30:00Z');
const SALES = '13800138000';
const BACKUP = '+8613900000000';

interface LoggedCall {
  provider: PhoneProvider;
  calledNumber: string;
  trigger: NotificationCallTrigger;
  createdAt: Date;
  outcome?: CallOutcome;
}

/** The repository's rules kept in memory: pending leads, the call log, and which leads a call holds. */
class InMemoryLeadNotifications implements LeadNotificationStore {
  pending: PendingLead[] = [];
  readonly calls = new Map<string, LoggedCall & { leads: PendingLead[] }>();
  readonly announced: PendingLead[] = [];

  withDispatchLock<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  async recoverInterruptedCalls(): Promise<void> {
    for (const call of this.calls.values()) {
      if (call.outcome) continue;
      call.outcome = { status: NotificationCallStatus.Failed, errorCode: 'INTERRUPTED', error: 'interrupted' };
      this.pending.push(...call.leads);
    }
  }

  async hasPending(): Promise<boolean> {
    return this.pending.length > 0;
  }

  async placedCallTimes(calledNumber: string, since: Date): Promise<Date[]> {
    return [...this.calls.values()].filter((call) => call.calledNumber === calledNumber && call.outcome?.status === NotificationCallStatus.Placed && call.createdAt > since).map((call) => call.createdAt);
  }

  async claimPending(call: { provider: PhoneProvider; calledNumber: string; createdAt: Date; triggerFor: (leads: number) => NotificationCallTrigger }): Promise<ClaimedCall | null> {
    if (this.pending.length === 0) return null;
    const callId = `call-${this.calls.size + 1}`;
    const leads = this.pending;
    this.pending = [];
    this.calls.set(callId, { provider: call.provider, calledNumber: call.calledNumber, trigger: call.triggerFor(leads.length), createdAt: call.createdAt, leads });
    return { callId, leads };
  }

  async startCall(call: { provider: PhoneProvider; trigger: NotificationCallTrigger; calledNumber: string; createdAt: Date }): Promise<string> {
    const callId = `call-${this.calls.size + 1}`;
    this.calls.set(callId, { ...call, leads: [] });
    return callId;
  }

  async finishCall(callId: string, outcome: CallOutcome): Promise<void> {
    const call = this.calls.get(callId)!;
    call.outcome = outcome;
    if (outcome.status === NotificationCallStatus.Placed) this.announced.push(...call.leads);
    else this.pending.push(...call.leads);
  }

  log() {
    return [...this.calls.values()].map(({ provider, trigger, outcome }) => ({ provider, trigger, status: outcome?.status }));
  }
}

/** Providers that answer as told: placed, or a VoiceCallError of the given outcome. */
function providers(answers: { aliyun?: 'placed' | VoiceCallError; twilio?: 'placed' | VoiceCallError }) {
  const said: Array<{ provider: PhoneProvider; to: string; text?: string; params?: unknown }> = [];
  const answer = async (provider: PhoneProvider, placed: 'placed' | VoiceCallError | undefined) => {
    if (placed === undefined || placed === 'placed') return { providerCallId: `${provider}-1` };
    throw placed;
  };
  const clients: VoiceClients = {
    primary: {
      callByTts: async (to: string, params: unknown) => {
        said.push({ provider: 'aliyun', to, params });
        return answer('aliyun', answers.aliyun);
      },
      callDetail: async () => null,
    } as unknown as VoiceClients['primary'],
    backup: {
      call: async (to: string, text: string) => {
        said.push({ provider: 'twilio', to, text });
        return answer('twilio', answers.twilio);
      },
      callDetail: async () => null,
    } as unknown as VoiceClients['backup'],
  };
  return { clients, said };
}

const settings = (overrides: Record<string, string> = {}) =>
  phoneSettings({
    ALIYUN_ACCESS_KEY_ID: 'LTAI5tTestKey0000000000',
    ALIYUN_ACCESS_KEY_SECRET: 'secret',
    ALIYUN_VOICE_TTS_CODE: 'TTS_000000001',
    PHONE_SALES_NUMBER: SALES,
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
    TWILIO_AUTH_TOKEN: 'token',
    TWILIO_FROM_NUMBER: '+15005550006',
    TWILIO_BACKUP_TO: BACKUP,
    PHONE_QUIET_HOURS: '22:00-08:00',
    PHONE_TIME_ZONE: 'Asia/Shanghai',
    ...overrides,
  } as never);

let leadSeq = 0;
const registration = (name = '张三', interest: string | null = 'AI产品经理转岗'): PendingLead => ({ id: `lead-${++leadSeq}`, kind: LeadKind.Registration, name, phone: '13900001111', interest });
const message = (subject: string | null): PendingLead => ({ id: `lead-${++leadSeq}`, kind: LeadKind.Contact, name: '王五', phone: '13700004321', interest: subject });

describe(LeadAnnouncer.name, () => {
  let store: InMemoryLeadNotifications;

  beforeEach(() => {
    store = new InMemoryLeadNotifications();
  });

  it('announces every pending lead in one call to the primary, named by how many there are', async () => {
    store.pending = [registration('张三'), registration('李四')];
    const { clients, said } = providers({});
    const result = await new LeadAnnouncer(store, settings(), clients, () => MORNING).dispatch();
    expect(result).toEqual({ announced: 2, provider: 'aliyun', callId: 'call-1' });
    expect(said.map((call) => [call.provider, call.to])).toEqual([['aliyun', SALES]]);
    expect(store.log()).toEqual([{ provider: 'aliyun', trigger: NotificationCallTrigger.Batch, status: NotificationCallStatus.Placed }]);
    expect(store.announced).toHaveLength(2);
  });

  it.each([
    ['pricing', '意向费用咨询'],
    ['unknown', '意向咨询'],
  ])('says a message of subject %s as %s', async (subject, words) => {
    store.pending = [message(subject)];
    const { clients, said } = providers({ aliyun: new VoiceCallError('aliyun', 'failed', 'HTTP 503', 'down') });
    await new LeadAnnouncer(store, settings(), clients, () => MORNING).dispatch();
    expect(said.find((call) => call.provider === 'twilio')!.text).toContain(words);
  });

  it('waits out quiet hours without calling, and says nothing is pending when nothing is', async () => {
    const { clients, said } = providers({});
    const announcer = new LeadAnnouncer(store, settings(), clients, () => NIGHT);
    expect(await announcer.dispatch()).toEqual({ announced: 0, reason: 'nothing-pending' });
    store.pending = [registration()];
    const result = await announcer.dispatch();
    expect(result).toMatchObject({ announced: 0, reason: 'quiet-hours' });
    // 08:00 the next morning in Asia/Shanghai.
    expect((result as { deferredUntil: Date }).deferredUntil.toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(said).toEqual([]);
  });

  it('keeps to one call a minute per number: the next lead waits for the primary rather than ringing the backup', async () => {
    const { clients, said } = providers({});
    const announcer = new LeadAnnouncer(store, settings(), clients, () => MORNING);
    store.pending = [registration()];
    await announcer.dispatch();
    store.pending = [registration('李四')];
    const result = await announcer.dispatch();
    expect(result).toMatchObject({ announced: 0, reason: 'limit' });
    expect((result as { deferredUntil: Date }).deferredUntil.getTime()).toBe(MORNING.getTime() + 60_000);
    expect(said.map((call) => call.provider)).toEqual(['aliyun']);
  });

  it('rings the backup when the primary fails, and logs both attempts', async () => {
    store.pending = [registration()];
    const { clients, said } = providers({ aliyun: new VoiceCallError('aliyun', 'refused', 'isv.INVALID_PARAMETERS', 'bad template') });
    const result = await new LeadAnnouncer(store, settings(), clients, () => MORNING).dispatch();
    expect(result).toEqual({ announced: 1, provider: 'twilio', callId: 'call-2' });
    expect(said.map((call) => [call.provider, call.to])).toEqual([
      ['aliyun', SALES],
      ['twilio', BACKUP],
    ]);
    expect(store.log()).toEqual([
      { provider: 'aliyun', trigger: NotificationCallTrigger.Lead, status: NotificationCallStatus.Refused },
      { provider: 'twilio', trigger: NotificationCallTrigger.Lead, status: NotificationCallStatus.Placed },
    ]);
  });

  it('tries again in a minute when the primary says it is throttled, without ringing the backup', async () => {
    store.pending = [registration()];
    const { clients, said } = providers({ aliyun: new VoiceCallError('aliyun', 'throttled', 'isv.BUSINESS_LIMIT_CONTROL', 'limit') });
    const result = await new LeadAnnouncer(store, settings(), clients, () => MORNING).dispatch();
    expect(result).toEqual({ announced: 0, deferredUntil: new Date(MORNING.getTime() + 60_000), reason: 'throttled' });
    expect(said.map((call) => call.provider)).toEqual(['aliyun']);
    expect(store.pending).toHaveLength(1);
  });

  it('fails the dispatch when both providers fail, with every lead still pending', async () => {
    store.pending = [registration()];
    const { clients } = providers({ aliyun: new VoiceCallError('aliyun', 'failed', 'TIMEOUT', 'slow'), twilio: new VoiceCallError('twilio', 'failed', '21215', 'blocked') });
    await expect(new LeadAnnouncer(store, settings(), clients, () => MORNING).dispatch()).rejects.toThrow(AnnouncementFailedError);
    expect(store.pending).toHaveLength(1);
    expect(store.announced).toEqual([]);
  });

  it('puts back the leads of a call its worker left dialing, then announces them', async () => {
    const lead = registration();
    store.calls.set('call-1', { provider: 'aliyun', calledNumber: SALES, trigger: NotificationCallTrigger.Lead, createdAt: new Date(MORNING.getTime() - 3_600_000), leads: [lead] });
    const { clients } = providers({});
    expect(await new LeadAnnouncer(store, settings(), clients, () => MORNING).dispatch()).toMatchObject({ announced: 1 });
    expect(store.announced).toEqual([lead]);
  });

  it('does nothing without a provider', async () => {
    store.pending = [registration()];
    const bare = new LeadAnnouncer(store, settings({ ALIYUN_ACCESS_KEY_ID: '', TWILIO_ACCOUNT_SID: '' }), { primary: null, backup: null }, () => MORNING);
    expect(await bare.dispatch()).toEqual({ announced: 0, reason: 'not-configured' });
  });
});
