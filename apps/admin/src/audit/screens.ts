/** The audit log's screens, bundled as one lazily loaded chunk by index.ts. */
export { AuditList } from './AuditList';
export { AuditShow } from './AuditShow';
