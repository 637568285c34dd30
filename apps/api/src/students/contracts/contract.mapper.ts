import type { ContractResponse } from '@aipm/contracts';
import type { StudentContract } from '@aipm/database';

/** `paidAmount`: completed payments booked against the contract, in cents. */
export function toContractResponse(entity: StudentContract, paidAmount: number): ContractResponse {
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
    contractFile: entity.contractFile,
    signedDate: entity.signedDate,
    notes: entity.notes,
    paidAmount,
    outstandingAmount: entity.contractAmount - paidAmount,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}
