import type { MoneyTotal, StudentResponse } from '@aipm/contracts';
import type { Student } from '@aipm/database';

export function toStudentResponse(entity: Student, paidTotals: MoneyTotal[] = []): StudentResponse {
  return {
    id: entity.id,
    name: entity.name,
    phone: entity.phone,
    email: entity.email,
    school: entity.school,
    major: entity.major,
    status: entity.status,
    enrollmentDate: entity.enrollmentDate,
    graduationDate: entity.graduationDate,
    notes: entity.notes,
    vpnAccount: entity.vpnAccount,
    lovableAccount: entity.lovableAccount,
    replitAccount: entity.replitAccount,
    traeAccount: entity.traeAccount,
    qoderAccount: entity.qoderAccount,
    profilePhoto: entity.profilePhoto,
    contractFiles: entity.contractFiles ?? [],
    paidTotals,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}
