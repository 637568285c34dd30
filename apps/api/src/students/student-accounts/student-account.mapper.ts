import type { StudentAccountResponse } from '@aipm/contracts';
import type { StudentAccount } from '@aipm/database';

/** Never the password hash: it is write-only. */
export function toStudentAccountResponse(entity: StudentAccount): StudentAccountResponse {
  return {
    id: entity.id,
    studentId: entity.studentId,
    kind: entity.kind,
    username: entity.username,
    email: entity.email,
    status: entity.status,
    lastLogin: entity.lastLogin?.toISOString() ?? null,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}
