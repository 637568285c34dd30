/**
 * Error codes of the lead-capture calls (docs/product/validation.md#registration-form,
 * docs/product/validation.md#contact-form, docs/product/lead-capture.md#failure-messages) and of their
 * back-office routes (docs/product/validation.md#lead-follow-up).
 */
export const LEAD_ERRORS = {
  // registration form
  NAME_REQUIRED: '姓名不能为空',
  REGISTRATION_PHONE_REQUIRED: '手机号码不能为空',
  SCHOOL_REQUIRED: '请填写在读/毕业学校',
  MAJOR_REQUIRED: '请填写就读专业',
  /** The form's agreement rule ("you must agree to the user agreement and privacy policy to submit"). */
  AGREEMENT_REQUIRED: '您必须同意用户协议和隐私政策才能提交',
  // contact form
  CONTACT_PHONE_REQUIRED: '请输入手机号码',
  SUBJECT_REQUIRED: '请选择咨询主题',
  // phone numbers (docs/product/lead-capture.md#phone-numbers)
  INVALID_PHONE: '请输入有效的手机号码：中国大陆11位手机号，或以+开头的国际号码',
  INVALID_MAINLAND_PHONE: '请输入有效的中国大陆手机号码（1开头的11位数字）',
  // lengths (the columns are bounded)
  NAME_TOO_LONG: '姓名不能超过50个字符',
  SCHOOL_TOO_LONG: '学校名称不能超过100个字符',
  MAJOR_TOO_LONG: '专业名称不能超过100个字符',
  EMAIL_TOO_LONG: '邮箱地址不能超过254个字符',
  GOALS_TOO_LONG: '学习目标不能超过2000个字符',
  MESSAGE_TOO_LONG: '咨询内容不能超过2000个字符',
  INVALID_SOURCE: '来源信息格式无效',
  /** 429 from the public forms (FORM_RATE_LIMIT_PER_MINUTE per client IP and form). */
  FORM_RATE_LIMITED: '提交过于频繁，请稍后再试',
  // back office
  INVALID_LEAD_ID: '记录ID格式无效',
  LEAD_NOT_FOUND: '记录不存在或已被删除',
  INVALID_LEAD_STATUS: '状态必须是 new, contacted, enrolled, invalid 或 lost',
  /** Marking a lead invalid or lost without a reason (docs/product/lead-capture.md#status-reasons). */
  LEAD_STATUS_REASON_REQUIRED: '标记为无效或已流失时请选择原因',
  /** A reason code not offered by the settings' list (or a retired one). */
  UNKNOWN_LEAD_STATUS_REASON: '原因不在线索设置的原因列表中',
  /** A reason (or its note) with a status other than invalid or lost. */
  LEAD_STATUS_REASON_NOT_ALLOWED: '只有标记为无效或已流失时才能填写原因',
  STATUS_NOTE_TOO_LONG: '原因说明不能超过500个字符',
  // 线索设置
  INVALID_LEAD_STATUS_REASONS: '原因列表格式无效：每项需要编号、中文名称和英文名称',
  LEAD_STATUS_REASONS_EMPTY: '原因列表至少需要一项',
  TOO_MANY_LEAD_STATUS_REASONS: '原因不能超过30项',
  INVALID_LEAD_STATUS_REASON_CODE: '原因编号只能包含小写字母、数字、_ 和 -，且不超过32个字符',
  LEAD_STATUS_REASON_LABEL_INVALID: '原因名称不能为空，且不超过40个字符',
  DUPLICATE_LEAD_STATUS_REASON: '原因编号不能重复',
  NOTE_TOO_LONG: '备注不能超过2000个字符',
  INVALID_FOLLOW_UP_AT: '跟进时间必须是有效的日期时间',
  ERASURE_NEEDS_IDENTITY: '请提供要删除的联系人的手机号码或邮箱',
  EXPORT_NEEDS_IDENTITY: '请提供要导出的联系人的手机号码或邮箱',
  INVALID_PERSON_RECORD: '记录类型或编号无效',
  // follow-ups (docs/product/back-office.md#follow-ups)
  INVALID_FOLLOW_UP_ID: '跟进任务ID格式无效',
  FOLLOW_UP_NOT_FOUND: '跟进任务不存在或已被删除',
  INVALID_FOLLOW_UP_LEAD: '请指定跟进的线索：报名或咨询留言及其ID',
  INVALID_FOLLOW_UP_DUE_AT: '到期时间必须是有效的日期时间',
  /** A new follow-up due before now: it would be overdue from the start. */
  FOLLOW_UP_DUE_IN_PAST: '到期时间不能早于现在，请选择未来的时间',
  INVALID_FOLLOW_UP_KIND: '跟进方式必须是 phone（电话）、wechat（微信）或 meeting（面谈）',
  FOLLOW_UP_NOTE_TOO_LONG: '跟进说明不能超过2000个字符',
  FOLLOW_UP_RESULT_REQUIRED: '请填写跟进结果',
  FOLLOW_UP_RESULT_TOO_LONG: '跟进结果不能超过2000个字符',
  FOLLOW_UP_ALREADY_DONE: '该跟进任务已完成',
  // 导入 (docs/product/back-office.md#lead-import)
  LEAD_IMPORT_FILE_REQUIRED: '请选择要导入的文件',
  LEAD_IMPORT_FILE_TOO_LARGE: '导入文件不能超过10 MB',
  LEAD_IMPORT_FILE_TYPE: '只能导入 CSV 或 XLSX 文件',
  LEAD_IMPORT_FILE_UNREADABLE: '文件无法读取：请确认是完整的 CSV（UTF-8 或 GBK 编码）或 XLSX 文件',
  LEAD_IMPORT_EMPTY: '文件中没有数据：第一行应为表头，其下至少一行数据',
  LEAD_IMPORT_TOO_MANY_ROWS: '导入文件不能超过50,000行数据',
  LEAD_IMPORT_MAPPING_INVALID: '列对应无效：每个字段只能对应文件中的一列',
  LEAD_IMPORT_MAPPING_WITHOUT_PHONE: '请指定手机号所在的列',
  INVALID_LEAD_IMPORT_ID: '导入批次编号无效',
  LEAD_IMPORT_NOT_FOUND: '导入批次不存在',
  LEAD_IMPORT_ALREADY_UNDONE: '该批次已撤销',
  LEAD_IMPORT_CHANGED_SINCE: '导入后其中的线索已被修改（跟进、重复报名等），无法撤销',
  // duplicates merged (docs/product/back-office.md#duplicates)
  INVALID_LEAD_MERGE: '合并请求无效：请选择保留的记录、被合并的记录和要采用的字段',
  LEAD_MERGE_SELF: '不能把一条记录合并到它自己',
  LEAD_ALREADY_MERGED: '这条记录已合并到另一条记录，请先撤销那次合并',
  LEAD_HAS_MERGED_RECORDS: '已有记录合并到这条记录，请把它作为保留的记录',
  LEAD_MERGE_FIELD_NOT_SHARED: '学校、专业和学习目标只能在两条报名之间采用',
  LEAD_MERGE_NOT_FOUND: '合并记录不存在或已随线索删除',
  LEAD_MERGE_ALREADY_UNDONE: '这次合并已撤销',
  LEAD_MERGE_STALE: '合并后记录又有改动，无法原样撤销',
} as const;

export type LeadErrorCode = keyof typeof LEAD_ERRORS;
