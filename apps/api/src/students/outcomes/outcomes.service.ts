import { isOfferCategory, OFFER_FIELDS, type OfferField, type OutcomeDraft, outcomeProblem, OUTCOME_REVIEW_STATES, OutcomeReviewState } from '@aipm/contracts';
import type { CreateOutcomeDto, EvidenceItem, UpdateOutcomeDto } from '@aipm/contracts/dto';
import { type StudentFile, StudentOutcome } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { InvalidInputError } from '../../common/errors/api.error';
import { listPage, type Page } from '../../common/list/list-page';
import type { ListQueryDto } from '../../common/list/list-query.dto';
import type { ListSpec } from '../../common/list/list-query';
import { StudentFilesService } from '../files/student-files.service';
import { StudentsService } from '../students.service';
import { OutcomeError } from './outcome.error';

const OUTCOME_LIST: ListSpec = {
  alias: 'outcome',
  sortable: ['date', 'createdAt', 'id', 'category'],
  searchable: ['employer', 'title', 'city'],
  uuidFilters: ['studentId'],
  enumFilters: { reviewState: OUTCOME_REVIEW_STATES },
  defaultSort: ['date', 'DESC'],
};

type OfferFields = Pick<StudentOutcome, OfferField>;

export interface OutcomeWithEvidence {
  outcome: StudentOutcome;
  evidence: StudentFile[];
}

/**
 * A student's job outcomes (docs/product/outcomes.md): checked across fields by the shared outcomeProblem, each with
 * its evidence kept as student files of the outcome (uploaded and confirmed first, private like contract files).
 */
@Injectable()
export class OutcomesService {
  constructor(
    @InjectRepository(StudentOutcome) private readonly outcomes: Repository<StudentOutcome>,
    private readonly students: StudentsService,
    private readonly studentFiles: StudentFilesService,
  ) {}

  async list(query: ListQueryDto): Promise<Page<OutcomeWithEvidence>> {
    const page = await listPage(this.outcomes, OUTCOME_LIST, query);
    const evidence = await this.studentFiles.ofOutcomes(page.rows.map((outcome) => outcome.id));
    return { ...page, rows: page.rows.map((outcome) => ({ outcome, evidence: evidence.get(outcome.id) ?? [] })) };
  }

  async find(id: string): Promise<OutcomeWithEvidence> {
    const outcome = await this.outcomes.findOneBy({ id });
    if (!outcome) throw new OutcomeError('OUTCOME_NOT_FOUND');
    const evidence = await this.studentFiles.ofOutcomes([id]);
    return { outcome, evidence: evidence.get(id) ?? [] };
  }

  /**
   * Checks the whole outcome, then the evidence uploads, then stores the row and makes the uploads its evidence.
   * The administrator's outcome counts at once; a student's report (`reportedByStudent`) waits for review.
   */
  async create(dto: CreateOutcomeDto, { reportedByStudent = false } = {}): Promise<OutcomeWithEvidence> {
    const { evidence = [], studentId, category, date, notes } = dto;
    const offer = offerOf(dto, isOfferCategory(category));
    const items = uniqueByUrl(evidence);
    await this.assertReportable(studentId, dto, items.length);
    await this.studentFiles.assertAttachable(studentId, items.map((item) => item.accessURL), 'evidence');
    const reviewState = reportedByStudent ? OutcomeReviewState.Pending : OutcomeReviewState.Accepted;
    const id = String((await this.outcomes.insert({ studentId, category, date, notes: notes ?? null, ...offer, reviewState, reportedByStudent })).identifiers[0]!.id);
    try {
      await this.studentFiles.attachEvidence(studentId, id, items);
    } catch (error) {
      // Nothing half-saved: an outcome that needs evidence is not left without it.
      await this.outcomes.delete({ id });
      throw error;
    }
    return this.find(id);
  }

  /**
   * Changes some fields. A category without a job clears the offer fields the body leaves out; `evidence`, when
   * sent, is the whole list: new uploads are added, kinds changed, and files left out deleted once the rest is saved.
   */
  async update(id: string, dto: UpdateOutcomeDto): Promise<OutcomeWithEvidence> {
    const { outcome: before, evidence: current } = await this.find(id);
    const student = await this.students.find(before.studentId);
    const category = dto.category ?? before.category;
    const offer: OfferFields = { ...offerOf(before, false), ...sentOfferFields(dto, isOfferCategory(category)) };
    // A status becoming a job: no fixed extras is 0, as on create.
    if (isOfferCategory(category) && offer.fixedExtras === null) offer.fixedExtras = 0;
    const wanted = dto.evidence === undefined ? undefined : uniqueByUrl(dto.evidence);
    const kept = new Map(current.map((file) => [file.accessUrl, file]));
    const added = (wanted ?? []).filter((item) => !kept.has(item.accessURL));
    const dropped = wanted === undefined ? [] : current.filter((file) => !wanted.some((item) => item.accessURL === file.accessUrl));
    this.assertValid({ category, date: dto.date ?? before.date, ...offer, evidenceCount: wanted?.length ?? current.length }, student.enrollmentDate);
    await this.studentFiles.assertAttachable(before.studentId, added.map((item) => item.accessURL), 'evidence');
    const changes: Partial<StudentOutcome> = { ...offer, category };
    if (dto.date !== undefined) changes.date = dto.date;
    if (dto.notes !== undefined) changes.notes = dto.notes;
    await this.outcomes.update({ id }, changes);
    await this.studentFiles.attachEvidence(before.studentId, id, added);
    for (const item of wanted ?? []) {
      const file = kept.get(item.accessURL);
      if (file && file.evidenceKind !== item.kind) await this.studentFiles.setEvidenceKind(file.id, item.kind);
    }
    await this.studentFiles.removeEvidence(dropped);
    return this.find(id);
  }

  /**
   * The checks of an outcome across its fields, given how much evidence it will have: create makes them, and a
   * student's report is checked by them whole before its files are stored.
   */
  async assertReportable(studentId: string, dto: Omit<CreateOutcomeDto, 'studentId' | 'evidence'>, evidenceCount: number): Promise<void> {
    const student = await this.students.find(studentId);
    const offer = offerOf(dto, isOfferCategory(dto.category));
    this.assertValid({ category: dto.category, date: dto.date, ...offer, evidenceCount }, student.enrollmentDate);
  }

  /** A student's report accepted: from now on it counts for the guarantee and the report. Only a pending one. */
  async accept(id: string): Promise<OutcomeWithEvidence> {
    await this.review(id, { reviewState: OutcomeReviewState.Accepted, returnReason: null });
    return this.find(id);
  }

  /** A student's report sent back with the reason they will read; it never counts. Only a pending one. */
  async return(id: string, reason: string): Promise<OutcomeWithEvidence> {
    await this.review(id, { reviewState: OutcomeReviewState.Returned, returnReason: reason });
    return this.find(id);
  }

  /** One conditional update, so two administrators deciding at once cannot both succeed. */
  private async review(id: string, decision: Pick<StudentOutcome, 'reviewState' | 'returnReason'>): Promise<void> {
    const result = await this.outcomes
      .createQueryBuilder()
      .update()
      .set({ ...decision, reviewedAt: () => 'now()' })
      .where('"id" = :id AND "reviewState" = :pending', { id, pending: OutcomeReviewState.Pending })
      .execute();
    if (result.affected) return;
    await this.find(id); // 404 when it does not exist
    throw new OutcomeError('OUTCOME_NOT_PENDING');
  }

  /** Deletes the outcome; its evidence stays with the student under 其他文件 (the foreign key sets null). */
  async remove(id: string): Promise<OutcomeWithEvidence> {
    const removed = await this.find(id);
    await this.outcomes.delete({ id });
    return removed;
  }

  private assertValid(draft: OutcomeDraft, enrollmentDate: string): void {
    const problem = outcomeProblem(draft, enrollmentDate);
    if (problem) throw InvalidInputError.forField(problem.field, problem.code);
  }
}

/** The offer fields of a body or row, null where absent; a job's fixed extras default to 0 (most offers have none). */
function offerOf(source: Partial<Record<OfferField, unknown>>, isJob: boolean): OfferFields {
  const offer: Record<string, unknown> = {};
  for (const field of OFFER_FIELDS) offer[field] = source[field] ?? (field === 'fixedExtras' && isJob ? 0 : null);
  return offer as OfferFields;
}

/** What an update's body says of the offer: the fields it carries; for a status, also null for those it leaves out. */
function sentOfferFields(dto: UpdateOutcomeDto, isJob: boolean): Partial<OfferFields> {
  const offer: Record<string, unknown> = {};
  for (const field of OFFER_FIELDS) {
    if (dto[field] !== undefined) offer[field] = dto[field];
    else if (!isJob) offer[field] = null;
  }
  return offer as Partial<OfferFields>;
}

/** The same upload listed twice is one file. */
function uniqueByUrl(items: readonly EvidenceItem[]): EvidenceItem[] {
  const byUrl = new Map(items.map((item) => [item.accessURL, item]));
  return [...byUrl.values()];
}
