import { annualBaseCents, contractSalaryCents, type EvidenceKind, EvidenceKind as Kinds, type OutcomeResponse } from '@aipm/contracts';
import type { StudentFile, StudentOutcome } from '@aipm/database';

export function toOutcomeResponse(outcome: StudentOutcome, evidence: readonly StudentFile[] = []): OutcomeResponse {
  const { monthlyBase, monthsPerYear, fixedExtras } = outcome;
  const hasSalary = monthlyBase !== null && monthsPerYear !== null && fixedExtras !== null;
  return {
    id: outcome.id,
    studentId: outcome.studentId,
    category: outcome.category,
    date: outcome.date,
    employer: outcome.employer,
    title: outcome.title,
    city: outcome.city,
    startDate: outcome.startDate,
    monthlyBase,
    monthsPerYear,
    fixedExtras,
    annualBase: hasSalary ? annualBaseCents({ monthlyBase, monthsPerYear }) : null,
    contractSalary: hasSalary ? contractSalaryCents({ monthlyBase, monthsPerYear, fixedExtras }) : null,
    notes: outcome.notes,
    evidence: evidence.map((file) => ({
      id: file.id,
      kind: (file.evidenceKind ?? Kinds.Other) as EvidenceKind,
      accessURL: file.accessUrl,
      originalName: file.originalName,
      size: file.size,
      contentType: file.contentType,
      createdAt: file.createdAt.toISOString(),
    })),
    reviewState: outcome.reviewState,
    returnReason: outcome.returnReason,
    reportedByStudent: outcome.reportedByStudent,
    reviewedAt: outcome.reviewedAt?.toISOString() ?? null,
    createdAt: outcome.createdAt.toISOString(),
    updatedAt: outcome.updatedAt.toISOString(),
  };
}
