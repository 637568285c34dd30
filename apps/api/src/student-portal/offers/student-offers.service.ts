import { EvidenceKind, formatIsoDate, OFFER_CATEGORIES, OUTCOME_LIMITS } from '@aipm/contracts';
import type { ReportOfferDto } from '@aipm/contracts/dto';
import { StudentOutcome } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, In } from 'typeorm';
import { InvalidInputError } from '../../common/errors/api.error';
import { StudentFilesService } from '../../students/files/student-files.service';
import { type OutcomeWithEvidence, OutcomesService } from '../../students/outcomes/outcomes.service';
import { UploadsService } from '../../uploads/uploads.service';
import { EVIDENCE_FIELD } from './evidence-files.interceptor';

/** A file of the report's form, as the multipart reader holds it. */
export interface ReportedFile {
  originalname: string;
  buffer: Buffer;
}

/**
 * A student's own offer reports (docs/product/outcomes.md#offers-reported-by-students): a job outcome with its
 * evidence, waiting for the administrator's review; and what became of them. Every read and write is of the
 * signed-in student's own id, from the session.
 */
@Injectable()
export class StudentOffersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outcomes: OutcomesService,
    private readonly studentFiles: StudentFilesService,
    private readonly uploads: UploadsService,
  ) {}

  /** The student's jobs, newest report first: theirs waiting or returned, and every accepted one (the school's too). */
  async list(studentId: string): Promise<OutcomeWithEvidence[]> {
    const rows = await this.dataSource.getRepository(StudentOutcome).find({
      where: [
        { studentId, reportedByStudent: true },
        { studentId, category: In([...OFFER_CATEGORIES]) },
      ],
      order: { createdAt: 'DESC', id: 'ASC' },
    });
    const evidence = await this.studentFiles.ofOutcomes(rows.map((row) => row.id));
    return rows.map((outcome) => ({ outcome, evidence: evidence.get(outcome.id) ?? [] }));
  }

  /**
   * Checks the report and every file before storing anything, stores the files as confirmed uploads, then records the
   * outcome as pending with them as its evidence; if that fails, the stored files go again (nothing half-saved).
   */
  async report(studentId: string, dto: ReportOfferDto, files: readonly ReportedFile[], now = new Date()): Promise<OutcomeWithEvidence> {
    if (dto.date > formatIsoDate(now)) throw InvalidInputError.forField('date', 'OFFER_DATE_IN_FUTURE');
    if (files.length === 0) throw InvalidInputError.forField(EVIDENCE_FIELD, 'EVIDENCE_REQUIRED');
    if (files.length > OUTCOME_LIMITS.evidence) throw InvalidInputError.forField(EVIDENCE_FIELD, 'INVALID_EVIDENCE');
    await this.outcomes.assertReportable(studentId, dto, files.length);
    for (const file of files) await this.uploads.assertAcceptable('contract', file.originalname, file.buffer, EVIDENCE_FIELD);

    const stored: string[] = [];
    try {
      for (const file of files) stored.push((await this.uploads.storeChecked('contract', file.originalname, file.buffer)).accessURL);
      const kind = dto.evidenceKind ?? EvidenceKind.OfferLetter;
      const { evidenceKind: _kind, ...offer } = dto;
      return await this.outcomes.create({ ...offer, studentId, evidence: stored.map((accessURL) => ({ accessURL, kind })) }, { reportedByStudent: true });
    } catch (error) {
      await this.uploads.discard(stored);
      throw error;
    }
  }
}
