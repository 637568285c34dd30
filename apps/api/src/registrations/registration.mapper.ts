import type { RegistrationResponse } from '@aipm/contracts';
import type { Registration } from '@aipm/database';

export function toRegistrationResponse(entity: Registration): RegistrationResponse {
  return {
    id: entity.id,
    name: entity.name,
    phone: entity.phone,
    email: entity.email,
    school: entity.school,
    major: entity.major,
    goals: entity.goals,
    status: entity.status,
    note: entity.note,
    followUpAt: entity.followUpAt?.toISOString() ?? null,
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
