import { PhoneProvider } from '@aipm/contracts';
import { costEstimateFen, type ProviderCallDetail } from '@aipm/phone';
import { CallDetailRecorder, CallNotEndedError } from './call-detail.recorder';
import type { CallDetailsStore, PlacedCall } from './call-details.repository';
import type { VoiceClients } from './call-route';

const PLACED_AT = new Date('2026-11-24T02:00:00Z');
const ENDED: ProviderCallDetail = { state: 'completed', answered: true, durationSeconds: 75, price: '-0.02600', priceUnit: 'USD' };

/** Placed calls in memory; a record is kept once, with the cost the recorder gave it. */
class InMemoryCallDetails implements CallDetailsStore {
  readonly calls = new Map<string, Omit<PlacedCall, 'recorded'>>();
  readonly recorded = new Map<string, { detail: ProviderCallDetail; costEstimateFen: number }>();

  async placedCall(callId: string) {
    const call = this.calls.get(callId);
    return call ? { ...call, recorded: this.recorded.has(callId) } : null;
  }

  async record(callId: string, detail: ProviderCallDetail, cost: number) {
    if (!this.recorded.has(callId)) this.recorded.set(callId, { detail, costEstimateFen: cost });
  }
}

/** Providers whose record of a call is as told: ended, still going on (null). */
function clients(answer: ProviderCallDetail | null, asked: Array<{ provider: PhoneProvider; id: string; at?: Date }>): VoiceClients {
  return {
    primary: {
      callByTts: async () => ({ providerCallId: 'unused' }),
      callDetail: async (id: string, at: Date) => {
        asked.push({ provider: 'aliyun', id, at });
        return answer;
      },
    },
    backup: {
      call: async () => ({ providerCallId: 'unused' }),
      callDetail: async (id: string) => {
        asked.push({ provider: 'twilio', id });
        return answer;
      },
    },
  } as VoiceClients;
}

describe(CallDetailRecorder.name, () => {
  let details: InMemoryCallDetails;
  let asked: Array<{ provider: PhoneProvider; id: string; at?: Date }>;

  beforeEach(() => {
    details = new InMemoryCallDetails();
    asked = [];
    details.calls.set('c1', { provider: PhoneProvider.Aliyun, providerCallId: 'ali-1', createdAt: PLACED_AT });
    details.calls.set('c2', { provider: PhoneProvider.Twilio, providerCallId: 'CA-2', createdAt: PLACED_AT });
  });

  it('records the ended call’s measured duration and the cost of its started minutes', async () => {
    const recorder = new CallDetailRecorder(details, clients(ENDED, asked));
    await expect(recorder.record('c2')).resolves.toEqual({ recorded: ENDED });
    expect(details.recorded.get('c2')).toEqual({ detail: ENDED, costEstimateFen: costEstimateFen(75) });
    expect(asked).toEqual([{ provider: 'twilio', id: 'CA-2' }]);
  });

  it('asks Alibaba Cloud with the day the call was placed', async () => {
    await new CallDetailRecorder(details, clients(ENDED, asked)).record('c1');
    expect(asked).toEqual([{ provider: 'aliyun', id: 'ali-1', at: PLACED_AT }]);
  });

  it('throws while the call goes on, so the job is asked again, and records nothing', async () => {
    await expect(new CallDetailRecorder(details, clients(null, asked)).record('c1')).rejects.toThrow(CallNotEndedError);
    expect(details.recorded.size).toBe(0);
  });

  it('skips a call recorded already, one never placed, and one whose provider is no longer configured', async () => {
    const recorder = new CallDetailRecorder(details, clients(ENDED, asked));
    await recorder.record('c1');
    await expect(recorder.record('c1')).resolves.toEqual({ skipped: 'already-recorded' });
    details.calls.set('c3', { provider: PhoneProvider.Aliyun, providerCallId: null, createdAt: PLACED_AT });
    await expect(recorder.record('c3')).resolves.toEqual({ skipped: 'not-placed' });
    await expect(recorder.record('gone')).resolves.toEqual({ skipped: 'not-placed' });
    await expect(new CallDetailRecorder(details, { primary: null, backup: null }).record('c2')).resolves.toEqual({ skipped: 'no-client' });
    expect(asked).toHaveLength(1);
  });
});
