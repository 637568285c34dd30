import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, type AuditAction, type AuditEntity } from '@aipm/contracts';

/**
 * The audit log section's wording (docs/product/back-office.md#audit-screen), under `aipm.audit`. zh is the
 * reference; its labels are the CSV's.
 */
export const zhAuditMessages = {
  menu: '操作日志',
  empty: '暂无操作记录',
  search: '搜索操作人、对象 ID 或 IP',
  created_from: '开始日期',
  created_to: '结束日期',
  nobody: '（未登录）',
  detail_title: '操作详情',
  field: '字段',
  before: '修改前',
  after: '修改后',
  no_fields: '没有字段变化',
  details: '其他信息',
  diff_caption: '修改前后对比',
  open_entry: '查看 %{action}（%{time}）的详情',
  actions: AUDIT_ACTION_LABELS,
  entities: AUDIT_ENTITY_LABELS,
};

const enActions: Record<AuditAction, string> = {
  'auth.login': 'Signed in',
  'auth.login.fail': 'Failed sign-in',
  'auth.logout': 'Signed out',
  'auth.register': 'Created the administrator',
  'auth.password.change': 'Changed the password',
  'lead.status.change': 'Changed a lead’s status',
  'lead.update': 'Changed a lead’s note or follow-up',
  'lead.delete': 'Deleted a lead',
  'lead.export': 'Exported leads (CSV)',
  'lead.erase': 'Erased a person’s data',
  'phone.reveal': 'Revealed a full phone number',
  'person.export': 'Exported a person’s data',
  'student.create': 'Created a student',
  'student.update': 'Changed a student',
  'student.delete': 'Deleted a student',
  'student.export': 'Exported a student’s data',
  'contract.create': 'Created a contract',
  'contract.update': 'Changed a contract',
  'contract.delete': 'Deleted a contract',
  'payment.create': 'Recorded a payment',
  'payment.delete': 'Deleted a payment',
  'account.create': 'Created a student account',
  'account.update': 'Changed a student account',
  'account.delete': 'Deleted a student account',
  'file.upload': 'Uploaded a file',
  'file.view': 'Viewed a file',
  'file.save': 'Saved a student file',
  'file.move': 'Moved a student file',
  'file.delete': 'Deleted a student file',
  'crawl_task.create': 'Created a crawl task',
  'crawl_task.run': 'Ran a crawl task',
  'crawl_task.schedule.set': 'Scheduled a crawl task',
  'crawl_task.schedule.clear': 'Removed a crawl schedule',
  'crawl.run': 'Ran an automated job search',
  'crawl_result.create': 'Added a job by hand',
  'crawl_result.approve': 'Approved a result',
  'crawl_result.reject': 'Rejected a result',
  'crawl_result.publish': 'Published a job',
  'crawl_result.clear': 'Cleared the crawl results',
  'job.activate': 'Showed a published job',
  'job.deactivate': 'Hid a published job',
  'job.delete': 'Deleted a published job',
  'settings.crawler.change': 'Changed the crawler settings',
  'settings.site.change': 'Changed the site settings',
  'wechat_share.create': 'Created WeChat share settings',
  'wechat_share.update': 'Changed WeChat share settings',
  'wechat_share.delete': 'Deleted WeChat share settings',
  'audit.export': 'Exported the audit log',
};

const enEntities: Record<AuditEntity, string> = {
  admin: 'Administrator',
  registration: 'Registration',
  message: 'Message',
  person: 'Person (all leads)',
  student: 'Student',
  contract: 'Contract',
  payment: 'Payment',
  account: 'Student account',
  file: 'File',
  crawl_task: 'Crawl task',
  crawl_result: 'Crawl result',
  published_job: 'Published job',
  crawler_settings: 'Crawler settings',
  site_settings: 'Site settings',
  wechat_share: 'WeChat share settings',
  audit_log: 'Audit log',
};

export const enAuditMessages: typeof zhAuditMessages = {
  menu: 'Audit log',
  empty: 'No actions recorded yet',
  search: 'Search actor, entity ID or IP',
  created_from: 'From',
  created_to: 'To',
  nobody: '(not signed in)',
  detail_title: 'Action details',
  field: 'Field',
  before: 'Before',
  after: 'After',
  no_fields: 'No field changed',
  details: 'More',
  diff_caption: 'Before and after',
  open_entry: 'Open %{action} (%{time})',
  actions: enActions,
  entities: enEntities,
};

/** react-admin's `resources.audit-log` labels (list column headers, the page title). */
export const zhAuditResource = {
  name: '操作日志',
  fields: { createdAt: '时间', actorName: '操作人', ip: 'IP 地址', action: '操作', entity: '对象', entityId: '对象 ID' },
};

export const enAuditResource: typeof zhAuditResource = {
  name: 'Audit log',
  fields: { createdAt: 'Time', actorName: 'Actor', ip: 'IP address', action: 'Action', entity: 'Entity', entityId: 'Entity ID' },
};
