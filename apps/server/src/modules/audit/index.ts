/** Audit: every staff write recorded in the same transaction as the change (who, what, when, before and after). */
export { listAudit, recordAudit, type AuditActor, type AuditFilter, type AuditRecord } from './service.ts';
export { auditLog } from './schema.ts';
