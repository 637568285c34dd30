import type { PaymentResponse } from '@aipm/contracts';
import type { StudentPayment } from '@aipm/database';

export function toPaymentResponse(entity: StudentPayment): PaymentResponse {
  return {
    id: entity.id,
    studentId: entity.studentId,
    contractId: entity.contractId,
    paymentNumber: entity.paymentNumber,
    kind: entity.kind,
    amount: entity.amount,
    currency: entity.currency,
    paymentMethod: entity.paymentMethod,
    paymentDate: entity.paymentDate,
    status: entity.status,
    receipt: entity.receipt,
    notes: entity.notes,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}
