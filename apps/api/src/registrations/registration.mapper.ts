import { maskPhone, type PhoneView, type RegistrationResponse } from '@aipm/contracts';
import type { Registration } from '@aipm/database';

/** Phones masked unless `phone` says full (PIPL: the back office reveals one on request, audited). */
export function toRegistrationResponse(entity: Registration, phone: PhoneView = 'masked'): RegistrationResponse {
  return {
    id: entity.id,
    name: entity.name,
    phone: phone === 'full' ? entity.phone : maskPhone(entity.phone),
    email: entity.email,
    school: entity.school,
    major: entity.major,
    goals: entity.goals,
    status: entity.status,
    note: entity.note,
    followUpAt: entity.followUpAt?.toISOString() ?? null,
    statusReason: entity.statusReason,
    statusNote: entity.statusNote,
    firstContactedAt: entity.firstContactedAt?.toISOString() ?? null,
    studentId: entity.studentId,
    repeatCount: entity.repeatCount,
    lastRepeatedAt: entity.lastRepeatedAt?.toISOString() ?? null,
    source: entity.source,
    agreement:
      entity.agreementVersion && entity.agreedAt
        ? {
            version: entity.agreementVersion,
            agreedAt: entity.agreedAt.toISOString(),
            ip: entity.agreementIp,
            userAgent: entity.agreementUserAgent,
          }
        : null,
    createdAt: entity.createdAt.toISOString(),
  };
}
