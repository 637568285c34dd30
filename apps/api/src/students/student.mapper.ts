import { maskPhone, type MoneyTotal, type PhoneView, type StudentResponse } from '@aipm/contracts';
import type { Student } from '@aipm/database';

/** Phone masked unless `phone` says full (PIPL: shown in full for editing and exports, audited). */
export function toStudentResponse(entity: Student, paidTotals: MoneyTotal[] = [], phone: PhoneView = 'masked'): StudentResponse {
  return {
    id: entity.id,
    name: entity.name,
    phone: phone === 'full' ? entity.phone : maskPhone(entity.phone),
    email: entity.email,
    school: entity.school,
    major: entity.major,
    status: entity.status,
    enrollmentDate: entity.enrollmentDate,
    graduationDate: entity.graduationDate,
    withdrawalDate: entity.withdrawalDate,
    notes: entity.notes,
    profilePhoto: entity.profilePhoto,
    cohortId: entity.cohortId,
    paidTotals,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}
