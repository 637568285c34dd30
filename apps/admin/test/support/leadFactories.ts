import type { ContactMessageResponse, RegistrationResponse } from '@aipm/contracts';
import type { AdminDataProvider } from '../../src/data/dataProvider';

export function aRegistration(overrides: Partial<RegistrationResponse> = {}): RegistrationResponse {
  return {
    id: '0b9f6a52-7d3e-4c1a-9a57-2f4f0d1e8c11',
    name: '张三',
    // As the API sends it: masked (PIPL).
    phone: '138****5678',
    email: 'zhangsan@example.cn',
    school: '中南大学',
    major: '计算机科学',
    goals: '转行做 AI 产品经理',
    status: 'new',
    note: null,
    followUpAt: null,
    statusReason: null,
    statusNote: null,
    firstContactedAt: null,
    studentId: null,
    repeatCount: 0,
    lastRepeatedAt: null,
    source: { utm_source: 'wechat' },
    agreement: { version: '2025-08-13', agreedAt: '2025-08-13T06:05:00.000Z', ip: '203.0.113.9', userAgent: 'Mozilla/5.0' },
    // 14:05 in Changsha.
    createdAt: '2025-08-13T06:05:00.000Z',
    ...overrides,
  };
}

export function aMessage(overrides: Partial<ContactMessageResponse> = {}): ContactMessageResponse {
  return {
    id: '5d0c1f0e-2b8a-4e9b-8f65-7a1c3b2d4e55',
    name: '李四',
    phone: '139****4321',
    email: 'lisi@example.cn',
    subject: 'pricing',
    message: '想了解分期付款',
    status: 'new',
    note: null,
    followUpAt: null,
    statusReason: null,
    statusNote: null,
    firstContactedAt: null,
    studentId: null,
    source: null,
    createdAt: '2025-08-14T01:30:00.000Z',
    ...overrides,
  };
}

/** A data provider whose every method is a jest mock; lists answer `records` unless told otherwise. */
export function stubDataProvider(records: ReadonlyArray<{ id: string }> = [], overrides: Partial<AdminDataProvider> = {}) {
  const provider = {
    getList: jest.fn(async () => ({ data: [...records], total: records.length })),
    getOne: jest.fn(async (_resource: string, { id }: { id: unknown }) => ({ data: records.find((record) => record.id === id) })),
    getMany: jest.fn(async () => ({ data: [...records] })),
    getManyReference: jest.fn(async () => ({ data: [], total: 0 })),
    create: jest.fn(),
    update: jest.fn(async (_resource: string, { id, data }: { id: unknown; data: object }) => ({ data: { ...data, id } })),
    updateMany: jest.fn(),
    delete: jest.fn(),
    deleteMany: jest.fn(),
    erasePerson: jest.fn(async () => ({ registrations: 1, messages: 0, students: 0 })),
    revealPhone: jest.fn(async () => '13812345678'),
    exportPerson: jest.fn(),
    ...overrides,
  };
  return provider as unknown as AdminDataProvider & { [K in keyof typeof provider]: jest.Mock };
}
