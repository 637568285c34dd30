import type { StudentFileResponse } from '@aipm/contracts';
import type { StudentFile } from '@aipm/database';

export function toStudentFileResponse(entity: StudentFile): StudentFileResponse {
  return {
    id: entity.id,
    studentId: entity.studentId,
    contractId: entity.contractId,
    outcomeId: entity.outcomeId,
    accessURL: entity.accessUrl,
    originalName: entity.originalName,
    size: entity.size,
    contentType: entity.contentType,
    createdAt: entity.createdAt.toISOString(),
  };
}
