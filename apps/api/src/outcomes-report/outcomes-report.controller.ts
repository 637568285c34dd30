import { type HeroFigures, REPORT_GROUPINGS, type ReportGrouping } from '@aipm/contracts';
import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AuditService } from '../audit/audit.service';
import { InvalidInputError } from '../common/errors/api.error';
import { sendCsv } from '../common/export/send-csv';
import { ApiDataAnswer, ApiFailures, ApiFileAnswer } from '../common/openapi/api-answers';
import { HERO_FIGURES, OUTCOMES_REPORT, OUTCOMES_REPORT_CSV_EXAMPLE } from './docs/outcomes-report.docs';
import { OutcomesReportService } from './outcomes-report.service';

/** `cohort` (the default) or `half-year`; anything else is refused. */
function groupingOf(value: unknown): ReportGrouping {
  if (value === undefined || value === '') return 'cohort';
  if (typeof value === 'string' && (REPORT_GROUPINGS as readonly string[]).includes(value)) return value as ReportGrouping;
  throw InvalidInputError.forField('groupBy', 'INVALID_REPORT_GROUPING');
}

const GROUP_BY = { name: 'groupBy', required: false, enum: [...REPORT_GROUPINGS], description: 'cohort (default) or half-year' };

/** 就业报告 (docs/product/outcomes-report.md), administrator only: the figures with their students, and as CSV. */
@ApiTags('outcomes-report')
@Controller('admin/outcomes-report')
export class OutcomesReportController {
  constructor(
    private readonly reports: OutcomesReportService,
    private readonly audit: AuditService,
  ) {}

  @Get()
  @ApiQuery(GROUP_BY)
  @ApiDataAnswer(OUTCOMES_REPORT, { description: 'The rows, newest group first, and the names of the students in them' })
  @ApiFailures('INVALID_REPORT_GROUPING')
  @ApiOperation({ summary: 'The outcomes report per cohort or per half-year' })
  async report(@Query('groupBy') groupBy: string | undefined, @Res() response: Response): Promise<void> {
    // The kept JSON of ApiDataResponse<OutcomesReportResponse>, sent as it is (OutcomesReportService.reportJson).
    response.type('application/json').send(await this.reports.reportJson(groupingOf(groupBy)));
  }

  @Get('hero-figures')
  @ApiDataAnswer(HERO_FIGURES, { description: "The landing page's 累计学员 and 结业率 as the report measures them today" })
  @ApiOperation({ summary: 'The hero figures the site settings can take from the report, measured whatever the settings say (the settings form shows them)' })
  async heroFigures(): Promise<{ success: true; data: HeroFigures }> {
    return { success: true, data: await this.reports.heroFigures() };
  }

  @Get('export')
  @ApiQuery(GROUP_BY)
  @ApiFileAnswer({ mediaType: 'text/csv', example: OUTCOMES_REPORT_CSV_EXAMPLE, description: 'One line per group (UTF-8 with BOM), each figure with the names behind it' })
  @ApiFailures('INVALID_REPORT_GROUPING', 'DATABASE_UNAVAILABLE')
  @ApiOperation({ summary: 'The outcomes report as CSV; the export is recorded (it names students)' })
  async export(@Query('groupBy') groupBy: string | undefined, @Req() request: Request, @Res() response: Response): Promise<void> {
    const grouping = groupingOf(groupBy);
    const csv = await this.reports.csv(grouping);
    // Before the first byte: a streamed answer ends the request before an interceptor could record it.
    await this.audit.record(request, { action: 'outcomes_report.export', entity: 'outcomes_report', details: { groupBy: grouping } });
    await sendCsv(response, 'outcomes-report', csv);
  }
}
