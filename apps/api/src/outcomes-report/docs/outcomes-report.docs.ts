import type { HeroFigures, OutcomesReportResponse } from '@aipm/contracts';
import { dateTime, defineSchema, integer, listOf, oneOf, recordSchema, text, uuid } from '../../common/openapi/schemas';

/* The outcomes report's shapes and examples (docs/product/outcomes-report.md); ADR 022. */

const FIGURE = defineSchema('ReportFigure', {
  type: 'object',
  properties: { count: integer(3), studentIds: listOf(uuid('5c4b3a29-1807-4f6e-9d5c-4b3a29180716'), 'The students behind the figure') },
  required: ['count', 'studentIds'],
});

const MONEY_TOTALS = { type: 'array', items: { type: 'object', properties: { currency: text('CNY'), amount: integer(1980000) } } } as const;

const ROW = defineSchema('ReportRow', {
  type: 'object',
  properties: {
    key: text('8a7b6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d', "The cohort's id, none, or the half-year (2026-H1)"),
    label: text('2026年3月期'),
    sortDate: text('2026-03-02'),
    enrolled: FIGURE,
    graduatedOnTime: FIGURE,
    graduatedLate: FIGURE,
    graduatedUntimed: FIGURE,
    withdrawn: FIGURE,
    placedInField: FIGURE,
    medianAnnualBase: { ...integer(21000000, 'Cents; null without an in-field full-time offer'), nullable: true },
    medianBasis: FIGURE,
    atOrAboveTarget: FIGURE,
    atOrAboveTargetShare: { type: 'number', example: 66.7, nullable: true, description: 'Percent of the graduates' },
    refundsPaid: MONEY_TOTALS,
    refundedStudents: FIGURE,
    bonusesPaid: MONEY_TOTALS,
    bonusedStudents: FIGURE,
  },
});

export const OUTCOMES_REPORT = recordSchema<OutcomesReportResponse>('OutcomesReport', {
  grouping: oneOf(['cohort', 'half-year'], 'cohort'),
  target: integer(20000000, 'The guarantee target the share is measured against, cents'),
  generatedAt: dateTime(),
  rows: { type: 'array', items: ROW },
  students: {
    type: 'object',
    additionalProperties: { type: 'object', properties: { name: text('王五') } },
    description: 'The names of the students the rows name, by id',
    example: { '5c4b3a29-1807-4f6e-9d5c-4b3a29180716': { name: '王五' } },
  },
});

export const OUTCOMES_REPORT_CSV_EXAMPLE = '\uFEFF期次,入学人数,入学人数名单,按期结业,按期结业名单,…\r\n2026年3月期,12,王一、王二、…,9,王一、…\r\n';

/** The hero figures measured by the outcomes report; the public site-settings read carries only those the settings take from it. */
export const HERO_FIGURES = recordSchema<HeroFigures>(
  'HeroFigures',
  {
    students: {
      type: 'object',
      description: 'Every student the report counts as enrolled, on the day asOf (China time)',
      properties: { count: integer(128), asOf: text('2026-11-29') },
      required: ['count', 'asOf'],
    },
    completion: {
      type: 'object',
      description: "The most recently finished cohort's graduates (on time or late) as a whole percent of its enrolled",
      properties: { percent: integer(92), cohort: text('2026年3月期'), lastDay: text('2026-04-28', "The cohort's last class day"), asOf: text('2026-11-29') },
      required: ['percent', 'cohort', 'lastDay', 'asOf'],
    },
  },
  { description: 'Absent: a figure the report cannot give yet (no students, no finished cohort)', optional: ['students', 'completion'] },
);
