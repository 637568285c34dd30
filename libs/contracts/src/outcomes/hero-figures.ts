import type { ReportRow } from './report';

/*
 * The landing page's hero figures that the outcomes report measures (docs/product/outcomes-report.md#on-the-landing-page):
 * 累计学员 and 结业率. Each is shown from the report only when the administrator says so in the site settings; the
 * other two (精品课程, 学员满意度) are nothing the report measures and stay as written.
 */

/** Where a hero figure comes from: the site's own words, or the outcomes report. */
export type HeroFigureSource = 'fixed' | 'report';
export const HERO_FIGURE_SOURCES: readonly HeroFigureSource[] = ['fixed', 'report'];

/** The measured figures; a figure the report cannot give yet (no students, no finished cohort) is absent. */
export interface HeroFigures {
  /** Every student the report counts as enrolled (all cohorts and none), on the day `asOf` (China time). */
  students?: { count: number; asOf: string };
  /**
   * The most recently finished cohort's graduates (on time or late) as a share of its enrolled, a whole percent;
   * `lastDay` is the cohort's last class day.
   */
  completion?: { percent: number; cohort: string; lastDay: string; asOf: string };
}

/**
 * The figures from the report's rows per cohort (`outcomesReport(…, 'cohort')`): `lastDays` holds each cohort's last
 * class day; a cohort is finished once that day is before `today` (yyyy-MM-dd, China time).
 */
export function heroFiguresOf(rows: readonly ReportRow[], lastDays: ReadonlyMap<string, string>, today: string): HeroFigures {
  const figures: HeroFigures = {};
  const enrolled = rows.reduce((sum, row) => sum + row.enrolled.count, 0);
  if (enrolled > 0) figures.students = { count: enrolled, asOf: today };
  const finished = rows
    .map((row) => ({ row, lastDay: lastDays.get(row.key) }))
    .filter((entry): entry is { row: ReportRow; lastDay: string } => entry.lastDay !== undefined && entry.lastDay < today && entry.row.enrolled.count > 0)
    .sort((a, b) => (a.lastDay === b.lastDay ? (a.row.sortDate < b.row.sortDate ? 1 : -1) : a.lastDay < b.lastDay ? 1 : -1));
  const latest = finished[0];
  if (latest) {
    const { row } = latest;
    const graduated = row.graduatedOnTime.count + row.graduatedLate.count;
    figures.completion = { percent: Math.round((graduated * 100) / row.enrolled.count), cohort: row.label, lastDay: latest.lastDay, asOf: today };
  }
  return figures;
}

/** Only the figures the settings take from the report. */
export function reportedHeroFigures(figures: HeroFigures, sources: { heroStudentsSource: HeroFigureSource; heroCompletionSource: HeroFigureSource }): HeroFigures {
  return {
    ...(sources.heroStudentsSource === 'report' && figures.students ? { students: figures.students } : {}),
    ...(sources.heroCompletionSource === 'report' && figures.completion ? { completion: figures.completion } : {}),
  };
}

export const HERO_FIGURES_PATH = '/api/admin/outcomes-report/hero-figures';
