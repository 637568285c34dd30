import { type ApiDataResponse, OUTCOME_LIMITS, type OutcomeResponse } from '@aipm/contracts';
import { ReportOfferDto } from '@aipm/contracts/dto';
import { StudentOutcome } from '@aipm/database';
import { Controller, createParamDecorator, type ExecutionContext, Get, type PipeTransform, Post, Req, UploadedFiles, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { answerId } from '../../audit/audit.interceptor';
import { Audited } from '../../audit/audited.decorator';
import { InvalidInputError } from '../../common/errors/api.error';
import { apiValidationPipe } from '../../common/errors/api-validation-pipe';
import { ApiDataAnswer, ApiFailures } from '../../common/openapi/api-answers';
import { listOf } from '../../common/openapi/schemas';
import { studentOf } from '../../common/student-session';
import { OUTCOME } from '../../students/docs/outcomes.docs';
import { toOutcomeResponse } from '../../students/outcomes/outcome.mapper';
import { STUDENT_OUTCOME_AUDIT_OMIT } from '../../students/student-audit';
import { EvidenceFilesInterceptor, REPORT_FIELD } from './evidence-files.interceptor';
import { OfferReportRateLimitGuard } from './offer-report-rate-limit.guard';
import { type ReportedFile, StudentOffersService } from './student-offers.service';

/** The `report` part of the form: JSON text, validated as every body is (whitelisted, with the spec's messages). */
class ReportPartPipe implements PipeTransform<unknown, Promise<ReportOfferDto>> {
  private readonly validation = apiValidationPipe();

  async transform(value: unknown): Promise<ReportOfferDto> {
    let report: unknown;
    try {
      report = typeof value === 'string' ? JSON.parse(value) : undefined;
    } catch {
      report = undefined;
    }
    if (typeof report !== 'object' || report === null || Array.isArray(report)) throw InvalidInputError.forField(REPORT_FIELD, 'INVALID_OFFER_REPORT');
    return (await this.validation.transform(report, { type: 'body', metatype: ReportOfferDto })) as ReportOfferDto;
  }
}

/**
 * The report part as ReportPartPipe makes it. A parameter decorator of our own: the global ValidationPipe, which
 * would check the raw text against the DTO first, leaves custom decorators alone (validateCustomDecorators).
 */
const ReportPart = createParamDecorator((_data: unknown, context: ExecutionContext): unknown => context.switchToHttp().getRequest<Request>().body?.[REPORT_FIELD]);

/**
 * 录用报告 (docs/product/outcomes.md#offers-reported-by-students): the signed-in student's own job offers, reported
 * with their evidence and reviewed in the back office. The student is the session's, never the client's.
 */
@ApiTags('student')
@Controller('student/offers')
export class StudentOffersController {
  constructor(private readonly offers: StudentOffersService) {}

  @Get()
  @ApiDataAnswer(listOf(OUTCOME, 'Newest report first'), { description: "The student's jobs with each one's review state" })
  @ApiOperation({ summary: "The signed-in student's offer reports and accepted jobs" })
  async list(@Req() request: Request): Promise<ApiDataResponse<OutcomeResponse[]>> {
    const rows = await this.offers.list(studentOf(request)!.studentId);
    return { success: true, data: rows.map(({ outcome, evidence }) => toOutcomeResponse(outcome, evidence)) };
  }

  @Post()
  @UseGuards(OfferReportRateLimitGuard)
  @UseInterceptors(EvidenceFilesInterceptor)
  // About the outcome it made, not (as the realm's own actions) the student's login.
  @Audited({ action: 'student.offer.report', entity: 'outcome', row: StudentOutcome, omit: STUDENT_OUTCOME_AUDIT_OMIT, entityId: ({ answer }) => answerId(answer) })
  @ApiConsumes('multipart/form-data')
  @ApiDataAnswer(OUTCOME, { status: 201, description: 'Reported: waiting for review (待审核)' })
  @ApiFailures(
    'INVALID_OFFER_REPORT',
    'OFFER_REPORT_NOT_A_JOB',
    'OFFER_DATE_IN_FUTURE',
    'OUTCOME_BEFORE_ENROLLMENT',
    'EMPLOYER_REQUIRED',
    'JOB_START_BEFORE_OFFER',
    'EVIDENCE_REQUIRED',
    'INVALID_EVIDENCE',
    'UNSUPPORTED_FILE_TYPE',
    'CONTRACT_FILE_TOO_LARGE',
    'FILE_CONTENT_MISMATCH',
    'TOO_MANY_CONTRACT_FILES',
    'OFFER_REPORT_RATE_LIMITED',
  )
  @ApiOperation({
    summary: `Reports an offer: multipart, a \`report\` part (JSON: category, date, employer, title, city, startDate, monthlyBase, monthsPerYear, fixedExtras in cents, notes, evidenceKind) and 1 to ${OUTCOME_LIMITS.evidence} \`evidence\` files (PDF, JPG, PNG, WebP, 20 MB each); ${OUTCOME_LIMITS.reportsPerDay} a day`,
  })
  async report(@Req() request: Request, @ReportPart(ReportPartPipe) dto: ReportOfferDto, @UploadedFiles() files: ReportedFile[] | undefined): Promise<ApiDataResponse<OutcomeResponse>> {
    const { outcome, evidence } = await this.offers.report(studentOf(request)!.studentId, dto, files ?? []);
    return { success: true, data: toOutcomeResponse(outcome, evidence) };
  }
}
