import { COHORT_LIMITS } from './cohort';

/** Error codes of cohorts (docs/product/errors.md#cohorts; rules: docs/product/validation.md#cohort). */
export const COHORT_ERRORS = {
  COHORT_NAME_REQUIRED: '期次名称不能为空',
  COHORT_NAME_TOO_LONG: `期次名称不能超过${COHORT_LIMITS.name}个字符`,
  INVALID_COHORT_START_DATE: '开课日期必须是有效日期（YYYY-MM-DD）',
  INVALID_MODULE_DAYS: `模块天数必须是${COHORT_LIMITS.modules}个${COHORT_LIMITS.moduleDaysMin}到${COHORT_LIMITS.moduleDaysMax}之间的整数`,
  INVALID_DAYS_OFF: `休息日必须是有效日期（YYYY-MM-DD），最多${COHORT_LIMITS.daysOff}个`,
  INVALID_CAPACITY: `名额必须是${COHORT_LIMITS.capacityMin}到${COHORT_LIMITS.capacityMax}之间的整数`,
  INVALID_COHORT_STATUS: '状态必须是 enrolling, running 或 finished',
  INVALID_COHORT_ID: '期次ID格式无效',
  COHORT_NOT_FOUND: '期次不存在或已被删除',
  COHORT_NAME_TAKEN: '期次名称已存在',
  COHORT_HAS_STUDENTS: '该期次还有学员，不能删除',
  COHORT_FULL: '该期次名额已满',
  CAPACITY_BELOW_SEATS: '名额不能少于该期次现有学员人数',
  // attendance: docs/product/validation.md#attendance
  INVALID_ATTENDANCE_MARK: '考勤状态必须是 present, late, absent 或 leave',
  INVALID_ATTENDANCE_DATE: '考勤日期必须是有效日期（YYYY-MM-DD）',
  NOT_A_CLASS_DAY: '该日期不是本期的上课日',
  STUDENT_NOT_IN_COHORT: '该学员不在本期',
} as const;

export type CohortErrorCode = keyof typeof COHORT_ERRORS;
