/*
 * The audit log (docs/product/back-office.md#audited-actions, ADR 030): every administrator action that changes
 * or reveals data is one append-only entry. The codes are stable (stored in the table, filtered on, exported);
 * the Chinese labels are what the CSV shows and the back office's zh wording, the English ones live in the audit
 * section.
 */

/** What was acted on. */
export const AUDIT_ENTITIES = [
  'admin',
  'registration',
  'message',
  'person',
  'student',
  'cohort',
  'attendance',
  'outcome',
  'contract',
  'payment',
  'account',
  'file',
  'crawl_task',
  'crawl_result',
  'published_job',
  'crawler_settings',
  'site_settings',
  'landing_content',
  'lead_settings',
  'follow_up',
  'lead_import',
  'phone_settings',
  'guarantee_settings',
  'outcomes_report',
  'backup',
  'wechat_share',
  'audit_log',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  admin: '管理员',
  registration: '报名',
  message: '咨询留言',
  person: '个人（全部线索）',
  student: '学员',
  cohort: '期次',
  attendance: '考勤',
  outcome: '就业结果',
  contract: '合同',
  payment: '缴费',
  account: '学员账号',
  file: '文件',
  crawl_task: '爬取任务',
  crawl_result: '爬取结果',
  published_job: '已发布职位',
  crawler_settings: '爬虫设置',
  site_settings: '网站设置',
  landing_content: '网站内容',
  lead_settings: '线索设置',
  follow_up: '跟进任务',
  lead_import: '线索导入批次',
  phone_settings: '电话通知设置',
  guarantee_settings: '薪资保障规则',
  outcomes_report: '就业报告',
  backup: '数据备份',
  wechat_share: '微信分享设置',
  audit_log: '操作日志',
};

/** Who acted: the administrator, or a student in the student realm (ADR 061). */
export const AUDIT_ACTOR_KINDS = ['admin', 'student'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** What was done: `<subject>.<verb>`, never renamed once stored. */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.login.fail',
  'auth.logout',
  'auth.register',
  'auth.password.change',
  'lead.status.change',
  'lead.update',
  'lead.delete',
  'lead.export',
  'lead.erase',
  'lead.merge',
  'lead.merge.undo',
  'lead.enrol',
  'lead.import',
  'lead.import.undo',
  'phone.reveal',
  'person.export',
  'student.create',
  'student.update',
  'student.delete',
  'student.export',
  'cohort.create',
  'cohort.update',
  'cohort.delete',
  'attendance.mark',
  'outcome.create',
  'outcome.update',
  'outcome.delete',
  'outcome.accept',
  'outcome.return',
  'contract.create',
  'contract.update',
  'contract.delete',
  'payment.create',
  'payment.delete',
  'account.create',
  'account.update',
  'account.delete',
  'account.reset_link.create',
  'student.login',
  'student.login.fail',
  'student.logout',
  'student.password.change',
  'student.password.reset',
  'student.offer.report',
  'file.upload',
  'file.view',
  'file.save',
  'file.move',
  'file.delete',
  'crawl_task.create',
  'crawl_task.run',
  'crawl_task.schedule.set',
  'crawl_task.schedule.clear',
  'crawl.run',
  'crawl_result.create',
  'crawl_result.approve',
  'crawl_result.reject',
  'crawl_result.publish',
  'crawl_result.clear',
  'job.activate',
  'job.deactivate',
  'job.delete',
  'settings.crawler.change',
  'settings.crawler.session.store',
  'settings.crawler.session.delete',
  'settings.site.change',
  'settings.phone.summary.change',
  'settings.phone.crawler_check.change',
  'landing.draft.save',
  'landing.publish',
  'landing.restore',
  'landing.image.upload',
  'settings.guarantee.change',
  'settings.leads.change',
  'follow_up.create',
  'follow_up.complete',
  'wechat_share.create',
  'wechat_share.update',
  'wechat_share.delete',
  'audit.export',
  'outcomes_report.export',
  'backup.start',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'auth.login': '登录',
  'auth.login.fail': '登录失败',
  'auth.logout': '退出登录',
  'auth.register': '创建管理员账号',
  'auth.password.change': '修改密码',
  'lead.status.change': '修改线索状态',
  'lead.update': '修改线索备注或跟进日期',
  'lead.delete': '删除线索',
  'lead.export': '导出线索 CSV',
  'lead.erase': '删除个人全部数据',
  'lead.merge': '合并重复线索',
  'lead.merge.undo': '撤销合并线索',
  'lead.enrol': '转为学员',
  'lead.import': '导入线索',
  'lead.import.undo': '撤销导入',
  'phone.reveal': '查看完整手机号',
  'person.export': '导出个人全部数据',
  'student.create': '新建学员',
  'student.update': '修改学员',
  'student.delete': '删除学员',
  'student.export': '导出学员数据',
  'cohort.create': '新建期次',
  'cohort.update': '修改期次',
  'cohort.delete': '删除期次',
  'attendance.mark': '记录考勤',
  'outcome.create': '记录就业结果',
  'outcome.update': '修改就业结果',
  'outcome.delete': '删除就业结果',
  'outcome.accept': '接受学员录用报告',
  'outcome.return': '退回学员录用报告',
  'contract.create': '新建合同',
  'contract.update': '修改合同',
  'contract.delete': '删除合同',
  'payment.create': '新建缴费记录',
  'payment.delete': '删除缴费记录',
  'account.create': '新建学员账号',
  'account.update': '修改学员账号',
  'account.delete': '删除学员账号',
  'account.reset_link.create': '生成学员密码重置链接',
  'student.login': '学员登录',
  'student.login.fail': '学员登录失败',
  'student.logout': '学员退出登录',
  'student.password.change': '学员修改密码',
  'student.password.reset': '学员通过链接重置密码',
  'student.offer.report': '学员提交录用报告',
  'file.upload': '上传文件',
  'file.view': '查看文件',
  'file.save': '保存学员文件',
  'file.move': '移动学员文件',
  'file.delete': '删除学员文件',
  'crawl_task.create': '新建爬取任务',
  'crawl_task.run': '运行爬取任务',
  'crawl_task.schedule.set': '设置定时运行',
  'crawl_task.schedule.clear': '取消定时运行',
  'crawl.run': '自动搜索职位',
  'crawl_result.create': '手动添加职位',
  'crawl_result.approve': '审核通过',
  'crawl_result.reject': '审核拒绝',
  'crawl_result.publish': '发布职位',
  'crawl_result.clear': '清空爬取结果',
  'job.activate': '上架职位',
  'job.deactivate': '下架职位',
  'job.delete': '删除已发布职位',
  'settings.crawler.change': '修改爬虫设置',
  'settings.crawler.session.store': '保存站点登录会话',
  'settings.crawler.session.delete': '删除站点登录会话',
  'settings.site.change': '修改网站设置',
  'settings.phone.summary.change': '修改每日汇总电话设置',
  'settings.phone.crawler_check.change': '修改爬虫验证来电设置',
  'landing.draft.save': '保存网站内容草稿',
  'landing.publish': '发布网站内容',
  'landing.restore': '恢复网站内容的发布版本',
  'landing.image.upload': '上传网站内容的图片',
  'settings.guarantee.change': '修改薪资保障规则',
  'settings.leads.change': '修改线索设置',
  'follow_up.create': '新建跟进任务',
  'follow_up.complete': '完成跟进任务',
  'wechat_share.create': '新建微信分享设置',
  'wechat_share.update': '修改微信分享设置',
  'wechat_share.delete': '删除微信分享设置',
  'audit.export': '导出操作日志',
  'outcomes_report.export': '导出就业报告',
  'backup.start': '开始备份',
};

/** What a redacted value reads in an entry: the field changed, its value is never stored. */
export const AUDIT_REDACTED = '[已隐藏]';

export const AUDIT_PATHS = {
  list: '/api/admin/audit-log',
  export: '/api/admin/audit-log/export',
  actors: '/api/admin/audit-log/actors',
} as const;

/** The react-admin resource (and Content-Range name) of the log. */
export const AUDIT_RESOURCE = 'audit-log';

export type AuditValues = Record<string, unknown>;

/** One entry as the back office reads it. */
export interface AuditEntryResponse {
  id: string;
  /** ISO time. */
  createdAt: string;
  /** The administrator; null for a failed sign-in (nobody was signed in). */
  actorId: string | null;
  /** The administrator's sign-in name, or the name a failed sign-in tried. */
  actorName: string | null;
  /** Whether the actor is the administrator or a student acting in their own realm. */
  actorKind: AuditActorKind;
  /** The client address as the API resolved it behind the front door. */
  ip: string | null;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | null;
  /** The changed fields as they were (null: nothing before, e.g. a creation). */
  before: AuditValues | null;
  /** The changed fields as they became (null: nothing after, e.g. a deletion). */
  after: AuditValues | null;
  /** What the action concerned beyond the fields: an export's filter, counts, a failure's code. */
  details: AuditValues | null;
}

/** An administrator the log's actor filter offers (GET /api/admin/audit-log/actors). */
export interface AuditActorOption {
  id: string;
  /** The administrator's sign-in name. */
  name: string;
}

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value);
}
