import { OUTCOME_LIMITS } from './outcome';

const L = OUTCOME_LIMITS;

/** Error codes of graduation and outcomes (docs/product/errors.md#outcomes; rules: docs/product/validation.md#outcome). */
export const OUTCOME_ERRORS = {
  // graduation: docs/product/validation.md#student
  INVALID_WITHDRAWAL_DATE: '退学日期必须是有效日期（YYYY-MM-DD）',
  WITHDRAWAL_BEFORE_ENROLLMENT: '退学日期不能早于入学日期',
  GRADUATION_DATE_REQUIRED: '标记为已毕业时请填写毕业日期',
  WITHDRAWAL_DATE_REQUIRED: '标记为退学时请填写退学日期',
  // outcome
  INVALID_OUTCOME_CATEGORY: '就业结果类别无效',
  INVALID_OUTCOME_DATE: '结果日期必须是有效日期（YYYY-MM-DD）',
  OUTCOME_BEFORE_ENROLLMENT: '结果日期不能早于入学日期',
  EMPLOYER_REQUIRED: '用人单位不能为空',
  EMPLOYER_TOO_LONG: `用人单位不能超过${L.employer}个字符`,
  JOB_TITLE_REQUIRED: '职位不能为空',
  JOB_TITLE_TOO_LONG: `职位不能超过${L.title}个字符`,
  CITY_REQUIRED: '工作城市不能为空',
  CITY_TOO_LONG: `工作城市不能超过${L.city}个字符`,
  INVALID_JOB_START_DATE: '入职日期必须是有效日期（YYYY-MM-DD）',
  JOB_START_BEFORE_OFFER: '入职日期不能早于结果日期',
  INVALID_MONTHLY_BASE: '月基本工资必须是以分为单位的整数，且在 ¥0.01 到 ¥1,000,000.00 之间',
  INVALID_MONTHS_PER_YEAR: `每年发薪月数必须是${L.monthsPerYearMin}到${L.monthsPerYearMax}之间的整数`,
  INVALID_FIXED_EXTRAS: '固定年度津贴必须是以分为单位的整数，且在 ¥0.00 到 ¥10,000,000.00 之间',
  OFFER_FIELDS_NOT_ALLOWED: '该类别没有录用信息：请清空用人单位、职位、城市、入职日期和薪资',
  OUTCOME_NOTES_TOO_LONG: `备注不能超过${L.notes}个字符`,
  INVALID_EVIDENCE: `证明材料最多${L.evidence}个，每个须是上传后返回的地址并注明类型`,
  INVALID_EVIDENCE_KIND: '证明材料类型必须是 offer_letter, labour_contract, social_insurance 或 other',
  EVIDENCE_REQUIRED: '除“仍在求职”外，就业结果须附证明材料',
  INVALID_OUTCOME_ID: '就业结果ID格式无效',
  OUTCOME_NOT_FOUND: '就业结果不存在或已被删除',
  FILE_IS_EVIDENCE: '该文件是就业结果的证明材料，请在就业结果中管理',
  // a student's offer report and its review: docs/product/outcomes.md#offers-reported-by-students
  OUTCOME_NOT_PENDING: '只有待审核的录用报告可以接受或退回',
  RETURN_REASON_REQUIRED: '请填写退回原因',
  RETURN_REASON_TOO_LONG: `退回原因不能超过${L.returnReason}个字符`,
  OFFER_REPORT_NOT_A_JOB: '请选择工作类型',
  OFFER_DATE_IN_FUTURE: '接受录用日期不能晚于今天',
  INVALID_OFFER_REPORT: '录用报告格式无效',
  OFFER_REPORT_RATE_LIMITED: `每天最多提交${L.reportsPerDay}份录用报告，请明天再试`,
  // salary guarantee: docs/product/validation.md#contract and #payment
  INVALID_GUARANTEED: '是否含薪资保障必须是 true 或 false',
  INVALID_GUARANTEE_TARGET: '目标年薪必须是以分为单位的正整数，不超过 ¥21,474,836.47',
  INVALID_REFUND_RATE: '退款比例必须是0到100之间的整数',
  INVALID_BONUS_THRESHOLD: '奖励门槛必须是100到1000之间的整数（目标年薪的百分比）',
  INVALID_BONUS_RATE: '奖励比例必须是0到100之间的整数',
  INVALID_GUARANTEE_WINDOW: '保障期必须是1到3650之间的整数（天）',
  INVALID_MIN_ATTENDANCE: '最低出勤率必须是0到100之间的整数',
  INVALID_PAYMENT_KIND: '款项类型必须是 tuition, refund 或 bonus',
  REFUND_AMOUNT_NOT_NEGATIVE: '退款金额必须为负数',
  GUARANTEE_PAYMENT_NEEDS_CONTRACT: '退款或奖励须关联一份含薪资保障的合同',
  CONTRACT_NOT_GUARANTEED: '该合同不含薪资保障',
  REFUND_EXCEEDS_PAID: '退款不能超过该合同已缴学费（扣除已退款部分）',
  // outcomes report: docs/product/outcomes-report.md
  INVALID_REPORT_GROUPING: '分组方式必须是 cohort 或 half-year',
} as const;

export type OutcomeErrorCode = keyof typeof OUTCOME_ERRORS;
