/** Error codes of the audit log's routes (docs/product/errors.md#audit-log), beside their Chinese messages. */
export const AUDIT_ERRORS = {
  INVALID_AUDIT_ID: '无效的日志ID',
  AUDIT_ENTRY_NOT_FOUND: '日志记录不存在',
} as const;

export type AuditErrorCode = keyof typeof AUDIT_ERRORS;
