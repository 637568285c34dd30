import type { ContractResponse } from '@aipm/contracts';
import type { StudentContract, StudentFile } from '@aipm/database';
import { toStudentFileResponse } from '../files/student-file.mapper';

/** `paidAmount`: completed tuition booked against the contract, in cents; `files`: its files, oldest first. */
export function toContractResponse(entity: StudentContract, paidAmount: number, files: readonly StudentFile[] = []): ContractResponse {
  return {
    id: entity.id,
    studentId: entity.studentId,
    contractNumber: entity.contractNumber,
    courseName: entity.courseName,
    contractAmount: entity.contractAmount,
    currency: entity.currency,
    startDate: entity.startDate,
    endDate: entity.endDate,
    status: entity.status,
    files: files.map(toStudentFileResponse),
    signedDate: entity.signedDate,
    notes: entity.notes,
    paidAmount,
    outstandingAmount: entity.contractAmount - paidAmount,
    guaranteed: entity.guaranteed,
    guaranteeTarget: entity.guaranteeTarget,
    refundRate: entity.refundRate,
    bonusThreshold: entity.bonusThreshold,
    bonusRate: entity.bonusRate,
    guaranteeWindowDays: entity.guaranteeWindowDays,
    minAttendance: entity.minAttendance,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}
