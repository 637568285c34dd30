import {
  formatIsoDate,
  formatMoneyFromCents,
  formatMoneyTotals,
  graduationOf,
  type HeroFigures,
  heroFiguresOf,
  type OutcomeCategory,
  type OutcomesReportResponse,
  outcomesReport,
  type ReportFigure,
  type ReportGrouping,
  type ReportRow,
  type ReportStudentFacts,
} from '@aipm/contracts';
import { Injectable } from '@nestjs/common';
import { Readable } from 'node:stream';
import { type CsvColumn, csvTransform } from '../common/export/csv';
import { CohortsService } from '../cohorts/cohorts.service';
import { ComputedCache } from '../common/computed-cache/computed-cache';
import { GuaranteeSettingsService } from '../guarantee/guarantee-settings.service';
import { type ReportFactsRow, OutcomesReportRepository } from './outcomes-report.repository';

function factsOf(rows: readonly ReportFactsRow[], lastDays: ReadonlyMap<string, string>): ReportStudentFacts[] {
  return rows.map((row) => {
    const lastDay = row.cohortId ? (lastDays.get(row.cohortId) ?? null) : null;
    const payouts = (kind: 'refund' | 'bonus') => row.payouts.filter((payout) => payout.kind === kind).map(({ currency, amount }) => ({ currency, amount: Number(amount) }));
    return {
      id: row.id,
      name: row.name,
      enrollmentDate: row.enrollmentDate,
      cohort: row.cohortId && lastDay ? { id: row.cohortId, name: row.cohortName ?? '', startDate: row.cohortStart!, lastDay } : null,
      graduation: graduationOf(row, lastDay),
      outcomes: row.outcomes.map((outcome) => ({
        category: outcome.category as OutcomeCategory,
        date: outcome.date,
        ...(outcome.monthlyBase === null ? {} : { monthlyBase: outcome.monthlyBase, monthsPerYear: outcome.monthsPerYear!, fixedExtras: outcome.fixedExtras! }),
      })),
      refundsPaid: payouts('refund'),
      bonusesPaid: payouts('bonus'),
    };
  });
}

/** The report's figures in the CSV, each with the names behind it (docs/product/outcomes-report.md#figures). */
const FIGURES: ReadonlyArray<[keyof ReportRow, string]> = [
  ['enrolled', '入学人数'],
  ['graduatedOnTime', '按期结业'],
  ['graduatedLate', '延期结业'],
  ['graduatedUntimed', '结业（未分期）'],
  ['withdrawn', '退学'],
  ['placedInField', '180天内对口就业'],
  ['medianBasis', '中位数样本（对口全职）'],
  ['atOrAboveTarget', '达到目标年薪'],
  ['refundedStudents', '已退款学员'],
  ['bonusedStudents', '已付奖励学员'],
];

/**
 * The outcomes report (docs/product/outcomes-report.md): per cohort or half-year, computed by outcomesReport from every
 * student's facts on each read; the share at or above the target is measured against the guarantee's default target.
 */
@Injectable()
export class OutcomesReportService {
  constructor(
    private readonly repository: OutcomesReportRepository,
    private readonly cohorts: CohortsService,
    private readonly guaranteeSettings: GuaranteeSettingsService,
    private readonly cache: ComputedCache,
  ) {}

  /** Kept until a table it reads changes (ComputedCache, ADR 055); `generatedAt` says when it was computed. */
  report(grouping: ReportGrouping): Promise<OutcomesReportResponse> {
    return this.cache.get(`outcomes-report:${grouping}`, '', () => this.compute(grouping));
  }

  /** The landing page's 累计学员 and 结业率 as the report measures them today, China time (heroFiguresOf). */
  async heroFigures(now = new Date()): Promise<HeroFigures> {
    const [report, lastDays] = await Promise.all([this.report('cohort'), this.cohorts.lastClassDays()]);
    return heroFiguresOf(report.rows, lastDays, formatIsoDate(now));
  }

  /**
   * The answer's JSON (`{ success, data }`), kept beside the report: it names every student behind every figure, so
   * writing it out is most of a read's cost (tools/bench/outcomes.mjs).
   */
  async reportJson(grouping: ReportGrouping): Promise<string> {
    return this.cache.get(`outcomes-report-json:${grouping}`, '', async () => JSON.stringify({ success: true, data: await this.report(grouping) }));
  }

  private async compute(grouping: ReportGrouping, now = new Date()): Promise<OutcomesReportResponse> {
    const [rows, lastDays, terms] = await Promise.all([this.repository.facts(), this.cohorts.lastClassDays(), this.guaranteeSettings.read()]);
    const students = factsOf(rows, lastDays);
    const names = Object.fromEntries(students.map((student) => [student.id, { name: student.name }]));
    return { grouping, target: terms.target, generatedAt: now.toISOString(), rows: outcomesReport(students, grouping, terms.target), students: names };
  }

  /** The report as CSV: one line per group, each figure's count beside the names behind it. */
  async csv(grouping: ReportGrouping): Promise<Readable> {
    const report = await this.report(grouping);
    const nameList = (value: unknown) => (value as ReportFigure).studentIds.map((id) => report.students[id]?.name ?? id).join('、');
    const columns: CsvColumn[] = [
      { header: grouping === 'cohort' ? '期次' : '半年度', key: 'label' },
      ...FIGURES.flatMap(([key, header]): CsvColumn[] => [
        { header, key, format: (value) => (value as ReportFigure).count },
        { header: `${header}名单`, key, format: nameList },
      ]),
      { header: '年基本工资中位数', key: 'medianAnnualBase', format: (value) => (value === null ? '' : formatMoneyFromCents(value as number)) },
      { header: '达到目标年薪比例（%）', key: 'atOrAboveTargetShare' },
      { header: '已付退款', key: 'refundsPaid', format: (value) => formatMoneyTotals(value as ReportRow['refundsPaid']) },
      { header: '已付奖励', key: 'bonusesPaid', format: (value) => formatMoneyTotals(value as ReportRow['bonusesPaid']) },
    ];
    return Readable.from(report.rows as unknown as Record<string, unknown>[]).pipe(csvTransform(columns));
  }
}
